"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { formatMoney, parseMajorToMinor, toMajorString } from "@/lib/money";
import { BUSINESS_TYPES, ID_TYPES, VENDORS } from "@/lib/customs/constants";
import { PAYMENT_TYPES_BY_VENDOR } from "@/lib/declarations/constants";
import { budget, declarationProblems, type Parent, type SubOrderDraft } from "@/lib/declarations/rules";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

type Lookup = Parent & {
  transactionId: string | null;
  reference: string | null;
  status: string | null;
  cnyNote: string | null;
};
/** `key`: a sub-order row's identity while it is edited (rows can be removed from the middle). */
type Row = { key: number; subOrderNo: string; orderFee: string; transportFee: string; productFee: string };
let rowKeys = 0;
const emptyRow = (): Row => ({ key: ++rowKeys, subOrderNo: "", orderFee: "", transportFee: "", productFee: "" });
const fen = (text: string, zeroAllowed = false) => {
  if (!text.trim()) return null;
  if (zeroAllowed && /^0+(\.0{0,2})?$/.test(text.trim())) return 0; // free shipping
  const p = parseMajorToMinor(text, "CNY");
  return p.ok ? p.minor : NaN;
};

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
  const [payment, setPayment] = useState(transaction);
  const [parent, setParent] = useState<Lookup | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [vendor, setVendor] = useState<(typeof VENDORS)[number]>("alipay");
  const [paymentType, setPaymentType] = useState("Online");
  const [code, setCode] = useState(defaults.code);
  const [name, setName] = useState(defaults.name);
  const [location, setLocation] = useState(locations[0] ?? "");
  const [duty, setDuty] = useState("");
  const [split, setSplit] = useState(false);
  const [rows, setRows] = useState<Row[]>([emptyRow()]);
  const [upop, setUpop] = useState({ buyerName: "", idNumber: "", idType: "01", businessType: "1" });
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);

  const lookup = useMutation({
    mutationFn: (value: string) => {
      const q = /^[0-9a-f]{20,}$/i.test(value)
        ? `transactionId=${encodeURIComponent(value)}`
        : `reference=${encodeURIComponent(value)}`;
      return apiFetch<Lookup>(`/api/customs/parent?${q}`);
    },
    onSuccess: (p) => {
      setParent(p);
      setLookupError(p.transactionId ? null : (p.cnyNote ?? "Not found in the ledger."));
      if (p.method && (VENDORS as readonly string[]).includes(p.method))
        setVendor(p.method as (typeof VENDORS)[number]);
    },
    onError: (e) => setLookupError(e.message),
  });
  const lookUp = lookup.mutate; // stable across renders (TanStack Query)
  useEffect(() => {
    if (transaction) lookUp(transaction);
  }, [transaction, lookUp]);

  const subOrders: SubOrderDraft[] = split
    ? rows.map((r) => ({
        subOrderNo: r.subOrderNo.trim(),
        orderFee: fen(r.orderFee),
        ...(vendor === "wechatpay" ? { transportFee: fen(r.transportFee, true), productFee: fen(r.productFee) } : {}),
      }))
    : [];
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

  const setRow = (i: number, change: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length === 0) submit.mutate();
      }}
    >
      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="font-semibold">Payment</h2>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div className="min-w-[20rem] flex-1">
            <TextField
              label="Transaction id or payment reference"
              id="payment"
              value={payment}
              onChange={(e) => setPayment(e.target.value)}
            />
          </div>
          <Button
            type="button"
            variant="secondary"
            disabled={!payment.trim() || lookup.isPending}
            onClick={() => lookup.mutate(payment.trim())}
          >
            {lookup.isPending ? "Looking up…" : "Look up"}
          </Button>
        </div>
        {lookupError && (
          <div className="mt-3">
            <Notice tone="error">{lookupError}</Notice>
          </div>
        )}
        {parent?.transactionId && (
          <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-y-1 text-sm" data-testid="parent">
            <dt className="text-slate-500">Reference</dt>
            <dd>{parent.reference}</dd>
            <dt className="text-slate-500">Paid</dt>
            <dd>
              {parent.amount !== null && parent.currency ? formatMoney(parent.amount, parent.currency) : "—"} ·{" "}
              {parent.method ?? "—"} · {parent.status}
            </dd>
            <dt className="text-slate-500">In CNY</dt>
            <dd>
              {parent.cnyFen !== null ? (
                formatMoney(parent.cnyFen, "CNY")
              ) : (
                <span className="text-amber-800">{parent.cnyNote ?? "unknown"}</span>
              )}
            </dd>
          </dl>
        )}
      </section>

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

      {vendor === "upop" && (
        <section
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4"
          data-testid="upop-fields"
        >
          <TextField
            label="Buyer's name (as on the ID)"
            id="buyerName"
            value={upop.buyerName}
            onChange={(e) => setUpop({ ...upop, buyerName: e.target.value })}
          />
          <TextField
            label="ID number"
            id="idNumber"
            value={upop.idNumber}
            onChange={(e) => setUpop({ ...upop, idNumber: e.target.value })}
            autoComplete="off"
          />
          <SelectField
            label="ID type"
            id="idType"
            value={upop.idType}
            onChange={(e) => setUpop({ ...upop, idType: e.target.value })}
          >
            {Object.entries(ID_TYPES).map(([v, label]) => (
              <option key={v} value={v}>
                {v} · {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Business type"
            id="businessType"
            value={upop.businessType}
            onChange={(e) => setUpop({ ...upop, businessType: e.target.value })}
          >
            {Object.entries(BUSINESS_TYPES).map(([v, label]) => (
              <option key={v} value={v}>
                {v} · {label}
              </option>
            ))}
          </SelectField>
        </section>
      )}

      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <label className="flex items-center gap-2 font-semibold">
          <input type="checkbox" checked={split} onChange={(e) => setSplit(e.target.checked)} /> Split order
          (sub-orders, is_split=T)
        </label>
        {split && (
          <div className="mt-3 space-y-3" data-testid="split-editor">
            {rows.map((r, i) => (
              <div
                key={r.key}
                className="grid items-end gap-3 sm:grid-cols-[1.4fr_1fr_1fr_1fr_auto]"
                data-testid="sub-order-row"
              >
                <TextField
                  label={`Sub-order ${i + 1} number`}
                  id={`sub-${i}-no`}
                  value={r.subOrderNo}
                  onChange={(e) => setRow(i, { subOrderNo: e.target.value })}
                />
                <TextField
                  label="Order fee (CNY)"
                  id={`sub-${i}-fee`}
                  inputMode="decimal"
                  value={r.orderFee}
                  onChange={(e) => setRow(i, { orderFee: e.target.value })}
                />
                {vendor === "wechatpay" ? (
                  <>
                    <TextField
                      label="Transport fee (CNY)"
                      id={`sub-${i}-transport`}
                      inputMode="decimal"
                      value={r.transportFee}
                      onChange={(e) => setRow(i, { transportFee: e.target.value })}
                    />
                    <TextField
                      label="Product fee (CNY)"
                      id={`sub-${i}-product`}
                      inputMode="decimal"
                      value={r.productFee}
                      onChange={(e) => setRow(i, { productFee: e.target.value })}
                    />
                  </>
                ) : (
                  <>
                    <div />
                    <div />
                  </>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setRows(rows.length > 1 ? rows.filter((_, j) => j !== i) : [emptyRow()])}
                  aria-label={`Remove sub-order ${i + 1}`}
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button type="button" variant="secondary" onClick={() => setRows([...rows, emptyRow()])}>
              Add a sub-order
            </Button>
            <div
              className={`rounded-md border px-3 py-2 text-sm ${b.over ? "border-red-300 bg-red-50 text-red-800" : "border-slate-200 bg-slate-50"}`}
              data-testid="budget"
            >
              Sub-orders {formatMoney(b.used, "CNY")} of{" "}
              {b.cap === null ? "an unknown CNY amount" : formatMoney(b.cap, "CNY")}
              {b.left !== null &&
                (b.over ? ` — ${formatMoney(-b.left, "CNY")} over` : ` — ${formatMoney(b.left, "CNY")} left`)}
              {vendor === "wechatpay" && " · fee_type CNY; each order fee = transport + product"}
            </div>
          </div>
        )}
      </section>

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
