"""Races set up for the tests: boats placed by hand, nothing left to chance unless asked."""

from sailing_kit.race import new_game


def calm_race(positions, **options):
    """A race already started, without tokens, flags or cover unless asked."""
    settings = dict(seed=0, boats=len(positions), positions=positions, start_procedure=False,
                    yellow=[], blue=[], flags=False, cover=False)
    settings.update(options)
    return new_game(**settings)


def offences(game):
    """The open incidents as (offender, wronged) pairs (start fouls: (offender, None))."""
    return {(i.offender, getattr(i, "wronged", None)) for i in game.umpire.open}
