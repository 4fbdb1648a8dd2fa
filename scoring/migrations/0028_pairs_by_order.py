from django.db import migrations, models


def imported_by_order(apps, schema_editor):
    """A championship imported from SoL before the setting ranks as SoL ranked it: its pairs
    in the order entered (the championship its SoL tourney was imported under, by name)."""
    Championship = apps.get_model("scoring", "Championship")
    ExternalRecord = apps.get_model("scoring", "ExternalRecord")
    for tournament_id, data in ExternalRecord.objects.filter(
        source="sol", kind="tournament", tournament__isnull=False
    ).values_list("tournament_id", "data"):
        name = data.get("championship") if isinstance(data, dict) else None
        if name:
            Championship.objects.filter(
                events__tournament_id=tournament_id, name=str(name)[:150]
            ).update(pairs_by_order=True)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0027_champ4_prized"),
    ]

    operations = [
        migrations.AddField(
            model_name="championship",
            name="pairs_by_order",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "A pair is its two players in the order entered, as SoL ranks them (A/B and "
                    "B/A are two pairs); otherwise the same two players in either order are one "
                    "pair."
                ),
                verbose_name="pairs by order entered",
            ),
        ),
        migrations.RunPython(imported_by_order, migrations.RunPython.noop),
    ]
