from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0025_solrank_prize"),
    ]

    operations = [
        migrations.AddField(
            model_name="rating",
            name="scope",
            field=models.CharField(
                choices=[
                    ("all", "Every event (a pair as one opponent)"),
                    ("singles", "Singles events"),
                    ("swiss_singles", "Singles Swiss events (as SoL rates)"),
                ],
                default="all",
                help_text=(
                    "Which events of its tournaments the rating rates. SoL rates singles Swiss "
                    "tourneys only."
                ),
                max_length=16,
                verbose_name="events rated",
            ),
        ),
        migrations.AddField(
            model_name="rating",
            name="inherit",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "A player new to this rating starts from his latest rate in a rating of a "
                    'higher level (SoL\'s "inherit"), not as a new player.'
                ),
                verbose_name="inherit rates of higher ratings",
            ),
        ),
    ]
