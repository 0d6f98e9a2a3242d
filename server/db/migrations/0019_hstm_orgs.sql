-- Issue 14, organisations in the provider-staff area: where an organisation is (a two-letter code
-- of spec §3's locations, checked by the API), and an index for the staff list's name order.
ALTER TABLE organizations ADD COLUMN location varchar(2);
--> statement-breakpoint
CREATE INDEX organizations_name_idx ON organizations (lower(name));
