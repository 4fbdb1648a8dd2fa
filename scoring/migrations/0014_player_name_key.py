"""Player identity: the name's key (filled for every player), the date of birth."""

from django.db import migrations, models

from scoring.identity import name_key

BATCH = 500


def fill_name_keys(apps, schema_editor):
    """Every existing player gets the key of its name (Unicode NFKC + case folding, issue 31)."""
    Player = apps.get_model("scoring", "Player")
    rows = []
    for player in Player.objects.only("pk", "name").order_by("pk").iterator(chunk_size=BATCH):
        player.name_key = name_key(player.name)
        rows.append(player)
        if len(rows) >= BATCH:
            Player.objects.bulk_update(rows, ["name_key"])
            rows = []
    if rows:
        Player.objects.bulk_update(rows, ["name_key"])


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0013_partial_link_indexes'),
    ]

    operations = [
        migrations.AddField(
            model_name='player',
            name='born',
            field=models.DateField(blank=True, null=True, verbose_name='date of birth'),
        ),
        migrations.AddField(
            model_name='player',
            name='name_key',
            field=models.CharField(blank=True, editable=False, help_text='The name in one case and Unicode form: how imports and forms find a player.', max_length=255, verbose_name='name as compared'),
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop, elidable=True),
        migrations.AddIndex(
            model_name='player',
            index=models.Index(fields=['name_key'], name='player_name_key_idx'),
        ),
    ]
