"""PostgreSQL: leave half of each page of the game table free, so that a move's update of a game
row can be a HOT update (the new row version on the same page, no index entry, the old version
pruned with the page) instead of leaving a dead version behind on every move. Nothing to do on
SQLite, which rewrites rows in place. docs/benchmarks.md gives the table's size after 10,000
moves."""

from django.db import migrations

FILLFACTOR = 50


def _alter(fillfactor: int | None):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        table = schema_editor.quote_name(apps.get_model("games", "Game")._meta.db_table)
        if fillfactor is None:
            schema_editor.execute(f"ALTER TABLE {table} RESET (fillfactor)")
        else:
            schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {fillfactor})")

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0006_heartbeat")]

    operations = [migrations.RunPython(_alter(FILLFACTOR), _alter(None), elidable=False)]
