CREATE TABLE "audit_chains" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"store_id" integer,
	"at" timestamp with time zone NOT NULL,
	"account_id" integer,
	"actor" text,
	"session_id" uuid,
	"address" text,
	"resource" text NOT NULL,
	"record_id" text,
	"action" text NOT NULL,
	"summary" text,
	"reason" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq_key" ON "audit_events" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_events_store_at_idx" ON "audit_events" USING btree ("store_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_store_account_idx" ON "audit_events" USING btree ("store_id","account_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_store_resource_idx" ON "audit_events" USING btree ("store_id","resource","at");--> statement-breakpoint
CREATE INDEX "audit_events_store_action_idx" ON "audit_events" USING btree ("store_id","action","at");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_subjects_idx" ON "audit_events" USING gin ("subjects");--> statement-breakpoint
-- The digest of one row of the trail: the row's fields and the hash of the row before it, as an
-- unambiguous JSON array. `npm run audit:verify` computes it again for every row.
CREATE OR REPLACE FUNCTION audit_digest(
  prev text, chain text, seq bigint, store integer, at timestamptz, account integer, actor text,
  session uuid, address text, resource text, record text, action text, summary text, reason text,
  changes jsonb, subjects text[]
) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    prev, chain, seq, store, (extract(epoch FROM at) * 1000000)::bigint, account, actor, session::text,
    address, resource, record, action, summary, reason, changes, to_jsonb(subjects)
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- What a write changed, row by row, gathered for the transaction's audit row: each audited table's
-- trigger adds the row it wrote (an insert's and a removal's fields, an update's changed fields
-- before and after) to a setting that lives as long as the transaction, and audit_append() takes
-- them. Secrets are never written down, only that they changed; bulk loads switch it off
-- (`set local painel.audit = 'off'`). A write of more than 200 rows keeps the first 200 and counts
-- the rest.
CREATE OR REPLACE FUNCTION audit_capture() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  old_row jsonb := '{}'::jsonb;
  new_row jsonb := '{}'::jsonb;
  before_row jsonb := '{}'::jsonb;
  after_row jsonb := '{}'::jsonb;
  field text;
  key_field text;
  row_id text;
  row_store jsonb;
  captured text;
  counted integer;
BEGIN
  IF current_setting('painel.audit', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  FOR field IN SELECT jsonb_object_keys(CASE WHEN TG_OP = 'DELETE' THEN old_row ELSE new_row END) LOOP
    -- Derived and bookkeeping columns say nothing the others do not.
    CONTINUE WHEN field IN ('updated_at', 'search_text', 'name_key');
    CONTINUE WHEN TG_OP = 'UPDATE' AND (new_row -> field) IS NOT DISTINCT FROM (old_row -> field);
    IF field IN ('password_hash', 'token', 'token_hash') THEN
      IF TG_OP <> 'INSERT' AND old_row -> field <> 'null'::jsonb THEN
        before_row := before_row || jsonb_build_object(field, '••••');
      END IF;
      IF TG_OP <> 'DELETE' AND new_row -> field <> 'null'::jsonb THEN
        after_row := after_row || jsonb_build_object(field, '••••');
      END IF;
    ELSE
      IF TG_OP <> 'INSERT' THEN before_row := before_row || jsonb_build_object(field, old_row -> field); END IF;
      IF TG_OP <> 'DELETE' THEN after_row := after_row || jsonb_build_object(field, new_row -> field); END IF;
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND after_row = '{}'::jsonb AND before_row = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  IF TG_NARGS > 0 THEN
    row_id := '';
    FOREACH key_field IN ARRAY TG_ARGV LOOP
      row_id := row_id || CASE WHEN row_id = '' THEN '' ELSE ':' END
        || coalesce(new_row ->> key_field, old_row ->> key_field, '');
    END LOOP;
  ELSE
    row_id := coalesce(new_row ->> 'id', old_row ->> 'id');
  END IF;
  row_store := CASE WHEN TG_TABLE_NAME = 'stores' THEN coalesce(new_row -> 'id', old_row -> 'id')
    ELSE coalesce(new_row -> 'store_id', old_row -> 'store_id') END;
  counted := coalesce(nullif(current_setting('painel.audit_count', true), ''), '0')::integer;
  PERFORM set_config('painel.audit_count', (counted + 1)::text, true);
  IF counted < 200 THEN
    captured := coalesce(current_setting('painel.audit_changes', true), '');
    PERFORM set_config(
      'painel.audit_changes',
      captured || CASE WHEN captured = '' THEN '' ELSE E'\n' END || jsonb_build_object(
        't', TG_TABLE_NAME, 'id', row_id, 'op', left(TG_OP, 1), 's', row_store,
        'before', before_row, 'after', after_row
      )::text,
      true
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Appends the transaction's row to its chain (the store's, or the platform's): the chain's last
-- row is locked, so rows of one chain are written one at a time, each with the hash of the one
-- before it. The rows changed so far in the transaction go with it, and are then forgotten. With
-- `p_infer_store`, the store is the one every changed row belongs to (the platform's otherwise);
-- the actor is `p_actor`, or the account's name and e-mail as they are now.
CREATE OR REPLACE FUNCTION audit_append(
  p_store integer, p_account integer, p_actor text, p_infer_store boolean, p_session uuid, p_address text,
  p_resource text, p_record text, p_action text, p_summary text, p_reason text
) RETURNS bigint
  LANGUAGE plpgsql
  AS $$
DECLARE
  v_store integer := p_store;
  v_chain text;
  v_captured text := coalesce(current_setting('painel.audit_changes', true), '');
  v_more integer := coalesce(nullif(current_setting('painel.audit_count', true), ''), '0')::integer - 200;
  v_changes jsonb;
  v_subjects text[];
  v_actor text := p_actor;
  v_seq bigint;
  v_prev text;
  v_at timestamptz := clock_timestamp();
  v_hash text;
  v_id bigint;
BEGIN
  SELECT coalesce(jsonb_agg(line::jsonb ORDER BY n), '[]'::jsonb) INTO v_changes
    FROM unnest(string_to_array(nullif(v_captured, ''), E'\n')) WITH ORDINALITY AS lines(line, n);
  IF v_more > 0 THEN
    v_changes := v_changes || jsonb_build_array(jsonb_build_object('more', v_more));
  END IF;
  SELECT coalesce(array_agg(DISTINCT (c ->> 't') || ':' || (c ->> 'id') ORDER BY (c ->> 't') || ':' || (c ->> 'id')), '{}')
    INTO v_subjects FROM jsonb_array_elements(v_changes) AS c WHERE c ? 't';
  IF p_infer_store THEN
    SELECT CASE WHEN count(DISTINCT c ->> 's') = 1 AND count(*) = count(c ->> 's') THEN min((c ->> 's')::integer) END
      INTO v_store FROM jsonb_array_elements(v_changes) AS c WHERE c ? 't';
  END IF;
  v_chain := CASE WHEN v_store IS NULL THEN 'platform' ELSE 'store:' || v_store END;
  IF v_actor IS NULL AND p_account IS NOT NULL THEN
    SELECT a.fullname || ' <' || a.email || '>' INTO v_actor FROM accounts a WHERE a.id = p_account;
  END IF;
  INSERT INTO audit_chains (chain, seq, hash) VALUES (v_chain, 0, repeat('0', 64)) ON CONFLICT (chain) DO NOTHING;
  SELECT c.seq, c.hash INTO v_seq, v_prev FROM audit_chains c WHERE c.chain = v_chain FOR UPDATE;
  v_seq := v_seq + 1;
  v_hash := audit_digest(v_prev, v_chain, v_seq, v_store, v_at, p_account, v_actor, p_session, p_address,
    p_resource, p_record, p_action, p_summary, p_reason, v_changes, v_subjects);
  INSERT INTO audit_events (chain, seq, store_id, at, account_id, actor, session_id, address, resource,
      record_id, action, summary, reason, changes, subjects, prev_hash, hash)
    VALUES (v_chain, v_seq, v_store, v_at, p_account, v_actor, p_session, p_address, p_resource,
      p_record, p_action, p_summary, p_reason, v_changes, v_subjects, v_prev, v_hash)
    RETURNING id INTO v_id;
  UPDATE audit_chains SET seq = v_seq, hash = v_hash WHERE chain = v_chain;
  PERFORM set_config('painel.audit_changes', '', true);
  PERFORM set_config('painel.audit_count', '0', true);
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- Append only: the API never changes or removes a row of the trail (nor should anyone).
CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'O histórico não pode ser alterado nem apagado.' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
DO $$
DECLARE
  audited text;
BEGIN
  FOREACH audited IN ARRAY ARRAY[
    'accounts', 'bank_accounts', 'categories', 'checkins', 'complement_groups', 'coupons', 'cuisines',
    'customers', 'deposits', 'faqs', 'integrations', 'kitchens', 'loyalty_programs', 'operations',
    'order_items', 'orders', 'payments', 'privacy_texts', 'products', 'promo_codes', 'push_notifications',
    'reservations', 'reviews', 'statement_entries', 'stores', 'stories', 'tables', 'tickets',
    'usage_policy_acceptances', 'usage_policy_texts', 'wall_posts'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_capture()',
      audited || '_audit', audited
    );
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER memberships_audit AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION audit_capture('account_id', 'store_id');
--> statement-breakpoint
CREATE TRIGGER role_permissions_audit AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION audit_capture('store_id', 'role');
--> statement-breakpoint
CREATE TRIGGER complement_group_products_audit AFTER INSERT OR UPDATE OR DELETE ON complement_group_products
  FOR EACH ROW EXECUTE FUNCTION audit_capture('group_id', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_complement_groups_audit AFTER INSERT OR UPDATE OR DELETE ON product_complement_groups
  FOR EACH ROW EXECUTE FUNCTION audit_capture('product_id', 'group_id');
