"""The bundled question decks (YAML files beside this one)."""
