"""The match's totals over its games become required (default 0): every writer writes them and
the standings read only them (issue 17). Rows written without them since 0011 (a SoL import's
byes and unplayed matches, matches made outside the services) are filled from their games
first, by the one definition (:func:`scoring.standings.results.match_totals`)."""

from django.db import migrations, models


def fill_missing(apps, schema_editor):
    from scoring.standings.results import match_totals

    Match = apps.get_model("scoring", "Match")
    Game = apps.get_model("scoring", "Game")
    missing = models.Q(games_a=None) | models.Q(games_b=None) | models.Q(points_a=None) \
        | models.Q(points_b=None)
    ids = list(Match.objects.filter(missing).values_list("pk", flat=True))
    games = {pk: [] for pk in ids}
    for match_id, winner, scores in Game.objects.filter(match_id__in=ids).values_list(
            "match_id", "winner_side", "scores").iterator():
        games[match_id].append((winner, scores if isinstance(scores, dict) else {}))
    rows = [Match(pk=pk, **match_totals(played)) for pk, played in games.items()]
    Match.objects.bulk_update(rows, ["games_a", "games_b", "points_a", "points_b"],
                              batch_size=500)


class Migration(migrations.Migration):

    # the fill and the ALTERs in one transaction would hit PostgreSQL's "pending trigger
    # events"; the fill only touches rows still empty, so running it again is harmless
    atomic = False

    dependencies = [
        ("scoring", "0011_swiss_match_totals"),
    ]

    operations = [
        migrations.RunPython(fill_missing, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="match",
            name="games_a",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="games won by side a"),
        ),
        migrations.AlterField(
            model_name="match",
            name="games_b",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="games won by side b"),
        ),
        migrations.AlterField(
            model_name="match",
            name="points_a",
            field=models.PositiveIntegerField(default=0, verbose_name="points of side a"),
        ),
        migrations.AlterField(
            model_name="match",
            name="points_b",
            field=models.PositiveIntegerField(default=0, verbose_name="points of side b"),
        ),
    ]
