from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0026_season3"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="prized",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "The prize-giving is done (SoL's \"prized\", kept on import): the entries' "
                    "prizes count for a championship as recorded, until the event is prized "
                    "again from its results."
                ),
                verbose_name="prizes given",
            ),
        ),
    ]
