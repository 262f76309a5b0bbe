-- A tab is closed, and its table freed, only once the kitchen is done with it (server/service/tabs.ts):
-- nothing it ordered is still waiting (PLACED) or being prepared (PREPARING). Tabs closed before that
-- rule may have left such items behind, work on the kitchen board for a table nobody sits at. They
-- are cancelled here, each store's in one row of its audit trail ('cancel-item', reason "comanda
-- fechada", the items' changes listed as a request's are). The money of those tabs stays as it was
-- received: a closed tab's payments are final. On a database without such items (a new one) nothing
-- is written.
DO $$
DECLARE
  v_store integer;
  v_count integer;
BEGIN
  FOR v_store IN
    SELECT DISTINCT i.store_id FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.status = 'CLOSED' AND i.status IN ('PLACED', 'PREPARING')
      ORDER BY i.store_id
  LOOP
    -- The store's row lists only its own changes, whatever an earlier statement captured.
    PERFORM set_config('painel.audit_changes', '', true);
    PERFORM set_config('painel.audit_count', '0', true);
    UPDATE order_items i SET status = 'CANCELLED', updated_at = now()
      FROM orders o
      WHERE o.id = i.order_id AND o.status = 'CLOSED' AND i.store_id = v_store
        AND i.status IN ('PLACED', 'PREPARING');
    GET DIAGNOSTICS v_count = ROW_COUNT;
    PERFORM audit_append(v_store, NULL, 'Painel (atualização do sistema)', false, NULL, NULL, 'orderItems', NULL,
      'cancel-item',
      CASE WHEN v_count = 1 THEN '1 item de comanda já fechada cancelado'
        ELSE v_count || ' itens de comandas já fechadas cancelados' END,
      'comanda fechada');
  END LOOP;
END
$$;
