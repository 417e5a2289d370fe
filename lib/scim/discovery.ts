import { URN } from "./protocol";

// What this service provider supports (RFC 7643 §5–7).

export const serviceProviderConfig = (base: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
  documentationUri: `${base}/docs/security`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: "oauthbearertoken",
      name: "Provisioning token",
      description: "A bearer token an admin makes in the console (POST /api/scim/token); only its hash is kept.",
      primary: true,
    },
  ],
  meta: { resourceType: "ServiceProviderConfig", location: `${base}/scim/v2/ServiceProviderConfig` },
});

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

export const SCHEMAS = [
  {
    id: URN.user,
    name: "User",
    description: "A member of staff",
    attributes: [
      attribute("userName", "string", { required: true, uniqueness: "server" }),
      attribute("name", "complex", {
        subAttributes: [
          attribute("formatted", "string"),
          attribute("givenName", "string"),
          attribute("familyName", "string"),
        ],
      }),
      attribute("displayName", "string"),
      attribute("emails", "complex", {
        multiValued: true,
        mutability: "readOnly",
        subAttributes: [attribute("value", "string")],
      }),
      attribute("active", "boolean"),
      attribute("groups", "complex", {
        multiValued: true,
        mutability: "readOnly",
        subAttributes: [attribute("value", "string")],
      }),
    ],
  },
  {
    id: URN.group,
    name: "Group",
    description: "A role of the console: its members hold it",
    attributes: [
      attribute("displayName", "string", { required: true, mutability: "readOnly" }),
      attribute("members", "complex", { multiValued: true, subAttributes: [attribute("value", "string")] }),
    ],
  },
];

export const resourceTypes = (base: string) =>
  [
    { id: "User", name: "User", endpoint: "/Users", schema: URN.user },
    { id: "Group", name: "Group", endpoint: "/Groups", schema: URN.group },
  ].map((t) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
    ...t,
    meta: { resourceType: "ResourceType", location: `${base}/scim/v2/ResourceTypes/${t.id}` },
  }));
