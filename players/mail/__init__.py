"""E-mail: notifications, their texts, preferences, replies read, and tasks."""
