-- Issue 16, single sign-on: written by the SSO work.
SELECT 1;
