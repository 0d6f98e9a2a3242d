-- Issue 11: materialised access sources (filled in by the lead).
SELECT 1;
