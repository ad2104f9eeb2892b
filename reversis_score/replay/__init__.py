"""Stage two: replay each hand trick by trick — leaders, winners, holdings, revokes, the talon."""
