"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { toMajorString } from "@/lib/money";
import { VENDORS } from "@/lib/customs/constants";
import { PAYMENT_TYPES_BY_VENDOR } from "@/lib/declarations/constants";
import { budget, declarationProblems, type Parent } from "@/lib/declarations/rules";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { fen, subOrderDrafts } from "./fees";
import { type Lookup, PaymentLookup } from "./payment-lookup";
import { emptyRow, type SubOrderRow, SubOrdersEditor } from "./sub-orders-editor";
import { type Upop, UpopFields } from "./upop-fields";

// The new declaration: the payment it is for (payment-lookup.tsx), the vendor and merchant
// facts, a UnionPay buyer's identity (upop-fields.tsx), the sub-orders of a split
// (sub-orders-editor.tsx, amounts parsed in fees.ts), and every rule it still breaks.

export function DeclarationForm({
  transaction,
  defaults,
  locations,
}: {
  transaction: string;
  defaults: { code: string; name: string };
  locations: string[];
}) {
  const router = useRouter();
  const [parent, setParent] = useState<Lookup | null>(null);
  const [vendor, setVendor] = useState<(typeof VENDORS)[number]>("alipay");
  const [paymentType, setPaymentType] = useState("Online");
  const [code, setCode] = useState(defaults.code);
  const [name, setName] = useState(defaults.name);
  const [location, setLocation] = useState(locations[0] ?? "");
  const [duty, setDuty] = useState("");
  const [split, setSplit] = useState(false);
  const [rows, setRows] = useState<SubOrderRow[]>([emptyRow()]);
  const [upop, setUpop] = useState<Upop>({ buyerName: "", idNumber: "", idType: "01", businessType: "1" });
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);

  const subOrders = split ? subOrderDrafts(rows, vendor) : [];
  const parentFacts: Parent = parent ?? { currency: null, amount: null, cnyFen: null, method: null };
  const problems = [
    ...(parent?.transactionId ? [] : ["Look up the payment first."]),
    ...(subOrders.some((s) => Number.isNaN(s.orderFee) || Number.isNaN(s.transportFee) || Number.isNaN(s.productFee))
      ? ["Amounts are in CNY with at most two decimals."]
      : []),
    ...(!code.trim() || !name.trim() ? ["Enter the merchant customs code and name."] : []),
    ...(!location.trim() ? ["Enter the customs location."] : []),
    ...declarationProblems(
      { vendor, paymentType, isSplit: split, subOrders, upop: vendor === "upop" ? upop : null },
      parentFacts,
    ),
  ];
  const b = budget(subOrders, parentFacts);
  const types = PAYMENT_TYPES_BY_VENDOR[vendor];

  const submit = useMutation({
    mutationFn: () =>
      apiFetch<{ declaration: { id: string } }>("/api/customs/declarations", {
        method: "POST",
        headers: { "Idempotency-Key": key },
        json: {
          transactionId: parent!.transactionId,
          vendor,
          paymentType,
          merchantCustomsCode: code.trim(),
          merchantCustomsName: name.trim(),
          customsLocation: location.trim(),
          ...(duty.trim() ? { duty: fen(duty) } : {}),
          isSplit: split,
          subOrders: subOrders.map((s) => ({
            subOrderNo: s.subOrderNo,
            orderFee: s.orderFee,
            ...(vendor === "wechatpay" ? { transportFee: s.transportFee, productFee: s.productFee } : {}),
          })),
          ...(vendor === "upop" ? { upop } : {}),
        },
      }),
    onSuccess: ({ declaration }) => router.push(`/customs/${declaration.id}`),
    onError: (e) => {
      setError(e.message);
      setKey(crypto.randomUUID());
    },
  });

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length === 0) submit.mutate();
      }}
    >
      <PaymentLookup
        transaction={transaction}
        parent={parent}
        onFound={(p) => {
          setParent(p);
          if (p.method && (VENDORS as readonly string[]).includes(p.method))
            setVendor(p.method as (typeof VENDORS)[number]);
        }}
      />

      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <SelectField
          label="Vendor"
          id="vendor"
          value={vendor}
          onChange={(e) => {
            const v = e.target.value as typeof vendor;
            setVendor(v);
            if (!(PAYMENT_TYPES_BY_VENDOR[v] as readonly string[]).includes(paymentType)) setPaymentType("Online");
          }}
        >
          {VENDORS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payment type"
          id="paymentType"
          value={paymentType}
          onChange={(e) => setPaymentType(e.target.value)}
        >
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <div>
          <TextField
            label="Customs location"
            id="customsLocation"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            list="recent-locations"
          />
          <datalist id="recent-locations">
            {locations.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
        </div>
        <TextField
          label="Merchant customs code"
          id="merchantCustomsCode"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <TextField
          label="Merchant customs name"
          id="merchantCustomsName"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Duty (CNY, where the port needs it)"
          id="duty"
          inputMode="decimal"
          value={duty}
          onChange={(e) => setDuty(e.target.value)}
        />
      </section>

      {vendor === "upop" && <UpopFields upop={upop} onChange={setUpop} />}

      <SubOrdersEditor split={split} onSplit={setSplit} rows={rows} onRows={setRows} vendor={vendor} budget={b} />

      {problems.length > 0 && (
        <ul
          className="list-disc space-y-1 rounded-xl border border-amber-300 bg-amber-50 p-4 pl-8 text-sm text-amber-900"
          data-testid="problems"
        >
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {error && (
        <Notice tone="error" testId="declare-error">
          {error}
        </Notice>
      )}
      <Button type="submit" disabled={problems.length > 0 || submit.isPending}>
        {submit.isPending
          ? "Declaring…"
          : split
            ? `Declare ${rows.length} sub-order${rows.length === 1 ? "" : "s"}`
            : "Declare"}
      </Button>
      {parent?.cnyFen != null && split && (
        <p className="text-xs text-slate-500">Tip: the order's CNY amount is {toMajorString(parent.cnyFen, "CNY")}.</p>
      )}
    </form>
  );
}
