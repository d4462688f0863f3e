"""Accounts use Django's own user admin; API tokens are listed by rest_framework.authtoken."""
