"""Accounts: sign-up, API tokens, authentication and their endpoints."""
