"""The vocabulary every step shares: a problem's place, code and report; files read without following links and
written whole. Imports nothing of the engine's."""
