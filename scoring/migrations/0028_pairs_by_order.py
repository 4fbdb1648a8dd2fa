
from django.db import migrations, models


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
                help_text="A pair is its two players in the order entered, as SoL ranks them (A/B and B/A are two pairs); otherwise the same two players in either order are one pair.",
                verbose_name="pairs by order entered",
            ),
        ),
    ]
