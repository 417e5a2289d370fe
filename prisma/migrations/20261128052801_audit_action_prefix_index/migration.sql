-- DropIndex
DROP INDEX "audit_log_action_at_idx";

-- CreateIndex
CREATE INDEX "audit_log_action_at_idx" ON "audit_log"("action" text_pattern_ops, "at" DESC);

