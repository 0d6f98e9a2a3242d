-- Slot reserved for issue 12; filled by the change that needs it.
SELECT 1;
