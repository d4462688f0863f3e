"""Browser notifications (Web Push): subscriptions, the server's VAPID key, sending."""
