"""E-mail: turn and final notifications, their texts, replies read, tasks."""
