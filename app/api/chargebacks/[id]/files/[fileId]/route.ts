import { route } from "@/lib/platform/api/route";
import { attachment } from "@/lib/platform/api/attachment";
import { audit } from "@/lib/platform/audit/log";
import { getFileOrThrow } from "@/lib/chargebacks/work";
import { fileParams } from "@/lib/chargebacks/schemas";

// One evidence file, only ever as an attachment (lib/platform/api/attachment.ts). Audited.
export const GET = route(
  {
    doc: {
      tag: "Chargebacks",
      summary: "Download an evidence file",
      description: "the file as an attachment only (`nosniff`, CSP `default-src 'none'; sandbox`); audited",
      produces: "application/octet-stream",
    },
    permission: "chargebacks.read",
    params: fileParams,
  },
  async ({ params, actor }) => {
    const file = await getFileOrThrow(params.id, params.fileId);
    await audit({
      actor,
      action: "chargeback.file.download",
      result: "ok",
      targetType: "chargeback",
      targetId: params.id,
      detail: { file: file.id, name: file.name },
    });
    return attachment(file.data, file.name, file.contentType);
  },
);
