from django.db import migrations, models


def pending_sol_tourneys(apps, schema_editor):
    """The SoL tourneys imported before: not prized there, pending here (as SoL ranks them).
    An event prized again from its results since left no trace apart from its flag, so one of
    them reads as pending again: the organiser prizes it again once more."""
    Event = apps.get_model("scoring", "Event")
    ExternalRecord = apps.get_model("scoring", "ExternalRecord")
    imported = ExternalRecord.objects.filter(source="sol", kind="tournament").values(
        "tournament_id"
    )
    Event.objects.filter(tournament_id__in=imported, prized=False).update(prizes_pending=True)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0028_pairs_by_order"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="prizes_pending",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "Imported from SoL, whose prize-giving was never done (or was undone): "
                    "like SoL, its championships give it no prizes until it is prized from its "
                    "results."
                ),
                verbose_name="prize-giving pending",
            ),
        ),
        migrations.RunPython(pending_sol_tourneys, migrations.RunPython.noop),
    ]
