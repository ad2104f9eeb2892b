"""Rule variants as data: the Knobs dataclass, the five presets with their sources, house rules."""
