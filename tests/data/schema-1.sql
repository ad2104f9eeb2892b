-- The season database's schema as version 1 wrote it (kept to test the migration).
-- Placeholders: {id} {int} {view}, as render/schema.py's DIALECTS fill them.
CREATE TABLE IF NOT EXISTS sessions (
    id            {id},
    sha256        TEXT NOT NULL UNIQUE,          -- the identity: hash of the file's bytes
    file          TEXT NOT NULL,
    title         TEXT,
    date          TEXT,                          -- ISO date, or NULL
    stake         {int} NOT NULL DEFAULT 0,
    rules_preset  TEXT NOT NULL,
    rules_source  TEXT NOT NULL,
    rules_changed TEXT NOT NULL,                 -- JSON {{knob: value}}
    rules_knobs   TEXT NOT NULL,                 -- JSON {{every knob: value}}
    pools_left    TEXT NOT NULL                  -- JSON [amounts], oldest pool first
);
CREATE TABLE IF NOT EXISTS players (
    session_id    {int} NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seat          {int} NOT NULL CHECK (seat BETWEEN 1 AND 4),   -- order of play
    name          TEXT NOT NULL,
    total         {int} NOT NULL,              -- the session's net, stake excluded
    balance       {int} NOT NULL,              -- stake + total
    from_players  {int} NOT NULL,              -- net of payments between players only
    into_pools    {int} NOT NULL,              -- paid into the pools less taken from them
    PRIMARY KEY (session_id, seat),
    UNIQUE (session_id, name)
);
CREATE TABLE IF NOT EXISTS hands (
    session_id    {int} NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    number        {int} NOT NULL,
    dealer        TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('settled', 'void')),
    outcome       TEXT NOT NULL,                 -- party, reversis-made, reversis-broken, pairwise, void
    outcome_words TEXT NOT NULL,
    party_winner  TEXT, party_loser TEXT, party_value {int},
    reversis_player TEXT, breaker TEXT,
    espagnolette_player TEXT, espagnolette_result TEXT,
    talon         TEXT NOT NULL,                 -- cards, space-separated
    pools_before  TEXT NOT NULL,                 -- JSON [amounts]
    pools_after   TEXT NOT NULL,
    pool_growth   {int} NOT NULL,
    PRIMARY KEY (session_id, number),
    FOREIGN KEY (session_id, dealer) REFERENCES players(session_id, name)
);
CREATE TABLE IF NOT EXISTS items (
    session_id    {int} NOT NULL,
    hand          {int} NOT NULL,
    seq           {int} NOT NULL,
    trick         {int},
    kind          TEXT NOT NULL,
    card          TEXT,
    payer         TEXT NOT NULL,                 -- a player, or pool:N
    payee         TEXT NOT NULL,
    amount        {int} NOT NULL CHECK (amount > 0),
    cancelled_by  TEXT CHECK (cancelled_by IN ('reversis', 'revoke', 'barred')),
    why           TEXT NOT NULL,
    PRIMARY KEY (session_id, hand, seq),
    FOREIGN KEY (session_id, hand) REFERENCES hands(session_id, number) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS items_payer ON items(payer);
CREATE INDEX IF NOT EXISTS items_payee ON items(payee);
CREATE INDEX IF NOT EXISTS items_kind ON items(kind);
CREATE INDEX IF NOT EXISTS players_name ON players(name);
CREATE INDEX IF NOT EXISTS sessions_date ON sessions(date);
{view} hand_nets AS
    SELECT h.session_id, h.number AS hand, p.seat, p.name AS player,
           COALESCE((SELECT SUM(CASE WHEN i.payee = p.name THEN i.amount ELSE -i.amount END)
                     FROM items i
                     WHERE i.session_id = h.session_id AND i.hand = h.number
                       AND i.cancelled_by IS NULL AND p.name IN (i.payer, i.payee)), 0) AS net
    FROM hands h JOIN players p ON p.session_id = h.session_id;
{view} running_balances AS
    SELECT n.session_id, s.date, n.hand, n.seat, n.player, n.net,
           s.stake + SUM(n.net) OVER (PARTITION BY n.session_id, n.player ORDER BY n.hand)
               AS balance
    FROM hand_nets n JOIN sessions s ON s.id = n.session_id;
{view} player_totals AS
    SELECT name AS player, COUNT(*) AS sessions, SUM(total) AS total,
           SUM(from_players) AS from_players, SUM(into_pools) AS into_pools
    FROM players GROUP BY name;
