-- Team catalog roles for GPU Build Planner (docs/team.md).
--
-- Run once as the team database's owner, after the first `gpu-planner team status` (run as the
-- owner) has created the tables:
--     psql "service=lab" -f docs/team-roles.sql
-- then make each member a login role in one of the two groups, for example:
--     CREATE ROLE alice LOGIN IN ROLE planner_editor;   -- may change GPUs and publish builds
--     CREATE ROLE carol LOGIN IN ROLE planner_reader;   -- may read and open, never change
--     \password alice                                   -- the password is typed, not stored here
-- Members keep their password in ~/.pgpass or a libpq service file, never in the app's settings.
-- The app reads the role from the database: a reader's edits stay on their own computer and the
-- app says why they were refused.

DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'planner_reader') THEN
        CREATE ROLE planner_reader NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'planner_editor') THEN
        CREATE ROLE planner_editor NOLOGIN IN ROLE planner_reader;
    END IF;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO planner_reader', current_database());
END
$$;

GRANT USAGE ON SCHEMA public TO planner_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO planner_reader;
GRANT INSERT, UPDATE ON gpus, shared_builds TO planner_editor;
-- A build's history is only ever added to: editors insert a published version, never change one.
-- (The database's own triggers, revision 0006_append_only, refuse rewriting it for every role,
-- set each row's author to the member who logged in and keep versions rising.)
GRANT INSERT ON shared_build_history TO planner_editor;
REVOKE UPDATE ON shared_build_history FROM planner_editor;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO planner_editor;
-- Nobody but the owner deletes rows: deleting is soft (the `deleted` column), so it can be undone.
REVOKE DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public FROM planner_reader, planner_editor;
