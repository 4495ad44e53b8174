-- Who granted a role must outlive the granter's account: the two-person rule reads granted_by to
-- decide whether an approver is independent of a requester, and the set-null key emptied it when
-- the granter's account was deleted, turning "granted by the requester" into "granted by nobody".
-- The column keeps its value; null now only means granted by nobody (`hub setup`).
ALTER TABLE "platform_role_assignments" DROP CONSTRAINT "platform_role_assignments_granted_by_platform_users_id_fk";
