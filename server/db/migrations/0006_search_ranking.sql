-- Issue 11: search ranking (reserved for the search work; replace this statement).
SELECT 1;
