from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0024_seasons2"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="prize",
            field=models.DecimalField(
                blank=True,
                decimal_places=2,
                help_text=(
                    "The prize SoL gave the entry at the tourney's prize-giving (a SoL import); "
                    "a prized tourney is ranked by its prizes first, as SoL ranks it."
                ),
                max_digits=10,
                null=True,
                verbose_name="prize",
            ),
        ),
    ]
