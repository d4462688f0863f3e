"""PostgreSQL: keep a game's snapshot compressed in its row (storage MAIN) rather than in the
TOAST table. A TOASTed snapshot is rewritten as new TOAST chunks by every move, and the old
chunks stay as dead rows until a vacuum, so the TOAST table grew with every move; kept in the row,
the update is a HOT update (0004's fillfactor) whose old version is pruned with its page. A
snapshot too large for a page still goes to TOAST. Nothing to do on SQLite."""

from django.db import migrations


def _storage(kind: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        table = schema_editor.quote_name(apps.get_model("games", "Game")._meta.db_table)
        schema_editor.execute(f'ALTER TABLE {table} ALTER COLUMN "state" SET STORAGE {kind}')

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0007_game_fillfactor_for_hot_updates")]

    operations = [migrations.RunPython(_storage("MAIN"), _storage("EXTENDED"), elidable=False)]
