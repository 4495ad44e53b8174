import pg from 'pg';

/**
 * A small PostgreSQL adapter for oidc-provider, the way its documentation sketches one:
 * one table (id, model, payload jsonb, expires_at). Used only by the benchmark's peer.
 */
export const PEER_SCHEMA = `
create table if not exists oidc_payloads (
  id text not null,
  model text not null,
  payload jsonb not null,
  expires_at timestamptz,
  primary key (model, id)
);
create index if not exists oidc_payloads_grant_idx on oidc_payloads ((payload->>'grantId'));
create index if not exists oidc_payloads_uid_idx on oidc_payloads ((payload->>'uid')) where model = 'Session';
create index if not exists oidc_payloads_user_code_idx on oidc_payloads ((payload->>'userCode')) where model = 'DeviceCode';
`;

interface Payload {
  grantId?: string;
  consumed?: number;
  [k: string]: unknown;
}

export function createPgAdapter(pool: pg.Pool) {
  return class PgAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      await pool.query(
        `insert into oidc_payloads (id, model, payload, expires_at) values ($1, $2, $3, $4)
         on conflict (model, id) do update set payload = excluded.payload, expires_at = excluded.expires_at`,
        [id, this.model, payload, expiresIn ? new Date(Date.now() + expiresIn * 1000) : null],
      );
    }

    private async one(where: string, value: string): Promise<Payload | undefined> {
      const { rows } = await pool.query(
        `select payload from oidc_payloads where model = $1 and ${where} = $2 and (expires_at is null or expires_at > now())`,
        [this.model, value],
      );
      return rows[0]?.payload;
    }

    find(id: string) {
      return this.one('id', id);
    }
    findByUid(uid: string) {
      return this.one("payload->>'uid'", uid);
    }
    findByUserCode(userCode: string) {
      return this.one("payload->>'userCode'", userCode);
    }

    async consume(id: string) {
      await pool.query(
        `update oidc_payloads set payload = payload || jsonb_build_object('consumed', extract(epoch from now())::int)
         where model = $1 and id = $2`,
        [this.model, id],
      );
    }

    async destroy(id: string) {
      await pool.query('delete from oidc_payloads where model = $1 and id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string) {
      await pool.query(`delete from oidc_payloads where payload->>'grantId' = $1`, [grantId]);
    }
  };
}
