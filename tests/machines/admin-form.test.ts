import { describe, expect, it } from 'vitest';
import type { EventFrom } from 'xstate';
import { adminBlankValues, adminFieldMessage } from '../../domain/admin-forms';
import type { AdminFormName, PickedFile } from '../../domain/admin-forms';
import { adminFormMachine, adminFormUnreachable } from '../../machines/admin-form.machine';
import type { AdminFormLoad, AdminFormOutcome } from '../../machines/admin-form.machine';
import { machineCoverage } from './machine-graph';
import { expectLeavesAfter, formLoadEvents, formLoadSteps, startLoadingForm, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof adminFormMachine>;
type Values = Record<string, string>;
type Files = Record<string, PickedFile[]>;

const load = { call: 'loadForm', retry: 'form.retry' };
const afterSaved = 'xstate.after.backToList.adminForm.saved';
const unreachable = 'We could not reach the shop. Please check your connection and try again.';

const aPng = (size: number, name = 'banner.png'): PickedFile => ({ name, size, type: 'image/png' });

/** A keystroke or paste into one field: what the field keeps and the message it then shows (spec text). */
interface Typed {
  field: string;
  value: string;
  kept: string;
  shows?: string;
}

/** A pick in one file input; `refused` is the message when the pick is over the input's limit. */
interface Picked {
  input: string;
  files: PickedFile[];
  refused?: string;
}

/**
 * One form kind walked by the model. The expectations are written out by hand from SPEC.md §5 and §8 (not read back
 * from domain/admin-forms.ts), so that a wrong rule or message in the data fails here.
 */
interface FormModel {
  form: AdminFormName;
  loaded: AdminFormLoad;
  typed: Typed[];
  picked: Picked[];
  /** Every required field and file present. */
  complete: (values: Values, files: Files) => boolean;
  /** No filled field breaks its rule. */
  valid: (values: Values) => boolean;
  requiredMessage: string;
  savedMessage: string;
  toastMs: number;
  /** Back to the list this long after the save; null: the form stays for the next upload. */
  leavesAfterMs: number | null;
  /** A 4xx refusal as src/api/admin.ts resolves it. */
  refusal: string;
}

const aPurchase = { id: 31, status: 'created', userTrackingUrl: null, User: { email: 'asha@example.in' } };

const models: FormModel[] = [
  {
    form: 'categoryCreate',
    loaded: { values: adminBlankValues('categoryCreate'), record: null },
    typed: [
      // The typing filter drops what a category name can never hold (SPEC.md §5).
      { field: 'categoryName', value: 'Roses & Lilies', kept: 'Roses  Lilies' },
      { field: 'categoryDescription', value: 'Fresh cut, by the stem', kept: 'Fresh cut, by the stem' },
      // Blank-only is as good as empty for the required check.
      { field: 'categoryName', value: '   ', kept: '   ' },
    ],
    picked: [],
    complete: (v) => (v.categoryName ?? '').trim() !== '' && (v.categoryDescription ?? '').trim() !== '',
    valid: () => true,
    requiredMessage: 'Please fill all the fields',
    savedMessage: 'Category created successfully',
    toastMs: 4000,
    leavesAfterMs: 3000,
    refusal: 'Data already exists. Please create new one',
  },
  {
    form: 'purchaseUpdate',
    loaded: { values: { status: 'created', userTrackingUrl: '' }, record: aPurchase },
    typed: [
      {
        field: 'userTrackingUrl',
        value: 'track.example/AB12',
        kept: 'track.example/AB12',
        shows: 'Please enter a valid tracking URL starting with http:// or https://',
      },
      // Spaces never belong in a link: the filter drops them, pasted or typed.
      { field: 'userTrackingUrl', value: ' https://track.example/AB 12 ', kept: 'https://track.example/AB12' },
      { field: 'status', value: 'Dispatched', kept: 'Dispatched' },
    ],
    picked: [],
    complete: (v) => (v.status ?? '') !== '',
    valid: (v) => v.userTrackingUrl === '' || /^https?:\/\//.test(v.userTrackingUrl ?? ''),
    requiredMessage: 'Please fill in all fields',
    savedMessage: 'Purchase order updated successfully',
    toastMs: 4000,
    leavesAfterMs: 4000,
    refusal: 'Data update failed. Please try again.',
  },
  {
    form: 'heroImage',
    loaded: { values: {}, record: null },
    typed: [],
    picked: [
      { input: 'desktop', files: [aPng(307_200, 'hero-desktop.png')] },
      { input: 'mobile', files: [aPng(307_201, 'hero-mobile.png')], refused: 'File size exceeds 300KB limit.' },
    ],
    complete: (_, files) => Object.values(files).some((picked) => picked.length > 0),
    valid: () => true,
    requiredMessage: 'Please upload an image',
    savedMessage: 'Hero images uploaded successfully',
    toastMs: 4000,
    leavesAfterMs: null,
    refusal: 'File size exceeds 300KB limit.',
  },
];

function modelEvents(model: FormModel): ModelEvent[] {
  return [
    ...formLoadEvents(load, model.loaded),
    ...model.typed.map(({ field, value }) => ({ type: 'field.change', field, value })),
    ...model.picked.map(({ input, files }) => ({ type: 'files.change', input, files })),
    { type: 'form.submit' },
    { type: 'xstate.done.actor.submitForm', output: { ok: true } },
    { type: 'xstate.done.actor.submitForm', output: { ok: false, message: model.refusal } },
    { type: 'xstate.error.actor.submitForm', error: new TypeError('Failed to fetch') },
    { type: afterSaved },
  ] as unknown as ModelEvent[];
}

function harness(form: AdminFormName) {
  let wentToList = 0;
  const h = startLoadingForm(adminFormMachine, {
    load: 'loadForm',
    save: 'submitForm',
    input: { form },
    coverage,
    provide: { actions: { goToList: () => void (wentToList += 1) } },
  });
  return { ...h, wentToList: () => wentToList };
}

/** The branches behind one transition key (the guards of form.submit, files.change, the save's answer, saved). */
const branchesWalked = new Set<string>();


const coverage = machineCoverage();

/** Each form's model and the events its model may send. */
const formModels = new Map(models.map((model) => [model.form, { model, events: modelEvents(model) }]));
const formModel = (form: AdminFormName) => formModels.get(form)!;

walkModel('admin-form machine (model-based)', {
  machine: adminFormMachine,
  coverage,
  situations: Object.fromEntries(models.map(({ form }) => [form, { form }])),
  // A form that stays is walked through one save; after it only a submit is tried (the picks were cleared). Every
  // distinct event is its own vertex, so that each branch (kept or refused pick, saved or refused answer) is walked.
  events: (snapshot, { form }) =>
    formModel(form).events.filter((event) => snapshot.can(event) && (snapshot.context.saves === 0 || event.type === 'form.submit')),
  // Paths that are the start of a longer one are dropped by xstate/graph: each path here ends somewhere new.
  morePathsThan: 5,
  fewerPathsThan: 100,
  harness: ({ form }) => harness(form),
  steps: (h, { form }) => {
    const { model } = formModel(form);
    const notice = (message: string, kind: 'success' | 'error') => ({ message, kind, duration: model.toastMs });
    return {
      ...formLoadSteps(h, { ...load, asked: model.form, form: model.loaded, filled: ({ values, record }) => ({ values, record }) }),
      'field.change': ({ event }) => {
        const typed = model.typed.find((entry) => entry.field === event.field && entry.value === event.value);
        if (!typed) throw new Error(`no expectation for ${String(event.field)}`);
        const notices = h.notices.length;
        h.actor.send({ type: 'field.change', field: typed.field, value: typed.value });
        const kept = h.actor.getSnapshot().context.values[typed.field] ?? '';
        expect(kept).toBe(typed.kept);
        expect(adminFieldMessage(model.form, typed.field, kept)).toBe(typed.shows);
        expect(h.notices.length).toBe(notices);
      },
      'files.change': ({ event }) => {
        const picked = model.picked.find((entry) => entry.input === event.input);
        if (!picked) throw new Error(`no expectation for ${String(event.input)}`);
        const notices = h.notices.length;
        const before = h.actor.getSnapshot().context.files;
        h.actor.send({ type: 'files.change', input: picked.input, files: picked.files });
        const after = h.actor.getSnapshot().context.files;
        if (picked.refused) {
          branchesWalked.add('files.change: too large');
          expect(h.notices.slice(notices)).toEqual([notice(picked.refused, 'error')]);
          expect(after).toEqual(before);
          expect(after[picked.input]).toBeUndefined();
        } else {
          branchesWalked.add('files.change: kept');
          expect(h.notices.length).toBe(notices);
          expect(after[picked.input]).toEqual(picked.files);
        }
      },
      'form.submit': () => {
        const notices = h.notices.length;
        const saves = h.saves.length;
        const { values, files, record } = h.actor.getSnapshot().context;
        h.actor.send({ type: 'form.submit' });
        const after = h.actor.getSnapshot();
        if (!model.complete(values, files)) {
          branchesWalked.add('form.submit: incomplete');
          expect(after.matches('editing')).toBe(true);
          expect(h.saves.length).toBe(saves);
          expect(h.notices.slice(notices)).toEqual([notice(model.requiredMessage, 'error')]);
          expect(after.context.submitted).toBe(true);
        } else if (!model.valid(values)) {
          // A filled but invalid form shows the fields' own messages and sends nothing.
          branchesWalked.add('form.submit: invalid');
          expect(after.matches('editing')).toBe(true);
          expect(h.saves.length).toBe(saves);
          expect(h.notices.length).toBe(notices);
          expect(after.context.submitted).toBe(true);
        } else {
          branchesWalked.add('form.submit: saving');
          expect(after.matches('saving')).toBe(true);
          expect(h.saves.slice(saves)).toEqual([{ values, files, record }]);
          expect(h.notices.length).toBe(notices);
        }
      },
      'xstate.done.actor.submitForm': async ({ event }) => {
        const notices = h.notices.length;
        const { values, saves } = h.actor.getSnapshot().context;
        const output = event.output as AdminFormOutcome;
        await h.settle('submitForm', { output });
        const after = h.actor.getSnapshot();
        if (!output.ok) {
          branchesWalked.add('submitForm: refused');
          expect(h.notices.slice(notices)).toEqual([notice(model.refusal, 'error')]);
          expect(after.matches('editing')).toBe(true);
          expect(after.context.values).toEqual(values);
        } else if (model.leavesAfterMs === null) {
          // The banner forms stay for the next upload: back to editing, the picks cleared, the count up.
          branchesWalked.add('submitForm: saved, stays');
          expect(h.notices.slice(notices)).toEqual([notice(model.savedMessage, 'success')]);
          expect(after.matches('editing')).toBe(true);
          expect(after.context.saves).toBe(saves + 1);
          expect(after.context.files).toEqual({});
          expect(after.context.submitted).toBe(false);
          h.clock.increment(60_000);
          expect(h.wentToList()).toBe(0);
        } else {
          branchesWalked.add('submitForm: saved, leaves');
          expect(h.notices.slice(notices)).toEqual([notice(model.savedMessage, 'success')]);
          expect(after.matches('saved')).toBe(true);
        }
        expect(h.wentToList()).toBe(0);
      },
      'xstate.error.actor.submitForm': async ({ event }) => {
        const notices = h.notices.length;
        const { values } = h.actor.getSnapshot().context;
        await h.settle('submitForm', { error: event.error as Error });
        expect(h.logged.at(-1)).toBe(event.error);
        expect(h.notices.slice(notices)).toEqual([notice(unreachable, 'error')]);
        expect(h.actor.getSnapshot().matches('editing')).toBe(true);
        expect(h.actor.getSnapshot().context.values).toEqual(values);
      },
      [afterSaved]: () => {
        const delay = model.leavesAfterMs;
        if (delay === null) throw new Error(`${model.form} should never wait in saved`);
        expectLeavesAfter(h.clock, delay, h.wentToList, () => expect(h.actor.getSnapshot().matches('saved')).toBe(true));
        expect(h.actor.getSnapshot().status).toBe('done');
      },
    };
  },
});

describe('admin-form machine (model-based), its guards', () => {
  it('walked every branch of the guarded transitions', () => {
    expect([...branchesWalked].sort()).toEqual([
      'files.change: kept',
      'files.change: too large',
      'form.submit: incomplete',
      'form.submit: invalid',
      'form.submit: saving',
      'submitForm: refused',
      'submitForm: saved, leaves',
      'submitForm: saved, stays',
    ]);
  });
});

describe('admin-form machine rules', () => {
  async function editing(form: AdminFormName, values: Values = adminBlankValues(form)) {
    const h = harness(form);
    await h.settle('loadForm', { output: { values, record: null } });
    return h;
  }

  it('says so when the shop cannot be reached, with the text the machine exports', () => {
    expect(adminFormUnreachable).toBe(unreachable);
  });

  it('sends one save however often the admin presses submit while saving', async () => {
    const h = await editing('categoryCreate', { categoryName: 'Roses', categoryDescription: 'Fresh cut roses' });
    h.actor.send({ type: 'form.submit' });
    h.actor.send({ type: 'form.submit' });
    h.actor.send({ type: 'field.change', field: 'categoryName', value: 'Lilies' });
    expect(h.saves).toEqual([{ values: { categoryName: 'Roses', categoryDescription: 'Fresh cut roses' }, files: {}, record: null }]);
  });

  it('ignores fields and file inputs the form does not have', async () => {
    const h = await editing('categoryCreate');
    h.actor.send({ type: 'field.change', field: 'CategoryGst', value: '5' });
    h.actor.send({ type: 'files.change', input: 'files', files: [aPng(10)] });
    expect(h.actor.getSnapshot().context.values).toEqual({ categoryName: '', categoryDescription: '', deliveryKind: 'courier', hsnCode: '' });
    expect(h.actor.getSnapshot().context.files).toEqual({});
  });

  it('refuses a whole pick when one of its files is over the limit', async () => {
    const h = await editing('productCreate');
    h.actor.send({ type: 'files.change', input: 'files', files: [aPng(1000, 'a.png'), aPng(5 * 1024 * 1024 + 1, 'b.png')] });
    expect(h.actor.getSnapshot().context.files).toEqual({});
    expect(h.notices).toEqual([{ message: 'Each product image must be at most 5 MB.', kind: 'error', duration: 4000 }]);
    h.actor.send({ type: 'files.change', input: 'files', files: [aPng(5 * 1024 * 1024, 'c.png')] });
    expect(h.actor.getSnapshot().context.files).toEqual({ files: [aPng(5 * 1024 * 1024, 'c.png')] });
  });

  it("keeps each input's latest pick, a new pick replacing the old one", async () => {
    const h = await editing('heroImage', {});
    h.actor.send({ type: 'files.change', input: 'desktop', files: [aPng(1000, 'first.png')] });
    h.actor.send({ type: 'files.change', input: 'mobile', files: [aPng(2000, 'mobile.png')] });
    h.actor.send({ type: 'files.change', input: 'desktop', files: [aPng(3000, 'second.png')] });
    expect(h.actor.getSnapshot().context.files).toEqual({
      desktop: [aPng(3000, 'second.png')],
      mobile: [aPng(2000, 'mobile.png')],
    });
    expect(h.notices).toEqual([]);
  });

  it('asks for an image before creating a product, with the images in the save', async () => {
    const values = {
      ...adminBlankValues('productCreate'),
      flowerName: 'Dried Lavender Bunch',
      flowerItemCode: 'DL-01',
      description: 'Dried lavender',
      sellingPrice: '499',
      flowerCategoryName: '1',
      flowerSubCategoryName: '2',
      shippingdetails: 'Ships in 2 days',
      note: 'Keep dry',
    };
    const h = await editing('productCreate', values);
    h.actor.send({ type: 'form.submit' });
    expect(h.saves).toEqual([]);
    expect(h.notices.at(-1)?.message).toBe('Please fill all the fields');
    h.actor.send({ type: 'files.change', input: 'files', files: [aPng(2048, 'lavender.png')] });
    h.actor.send({ type: 'form.submit' });
    expect(h.saves).toEqual([{ values, files: { files: [aPng(2048, 'lavender.png')] }, record: null }]);
  });

  it('keeps the sub-category update toast on for 5 s and leaves after 3 s', async () => {
    const h = await editing('subCategoryUpdate', { subCategoryName: 'Side', subCategoryDescription: 'Side tables', productCategoryName: '' });
    h.actor.send({ type: 'form.submit' });
    await h.settle('submitForm', { output: { ok: true } });
    expect(h.notices).toEqual([{ message: 'Sub category updated successfully', kind: 'success', duration: 5000 }]);
    expectLeavesAfter(h.clock, 3000, h.wentToList);
  });

  it('leaves a product update for the list 4 s after the save', async () => {
    const h = await editing('productUpdate', {
      ...adminBlankValues('productUpdate'),
      flowerName: 'Dried Lavender Bunch',
      description: 'Dried lavender',
      sellingPrice: '499',
      Quantity: '0',
      flowerCategoryName: '1',
      flowerSubCategoryName: '2',
      shippingdetails: 'Ships in 2 days',
      note: 'Keep dry',
    });
    h.actor.send({ type: 'form.submit' });
    await h.settle('submitForm', { output: { ok: true } });
    expect(h.notices.at(-1)?.message).toBe('Product Data updated successfully');
    expectLeavesAfter(h.clock, 4000, h.wentToList);
  });

  it('lets a banner form upload again after a save, counting each', async () => {
    const h = await editing('bannerBottomImage', {});
    for (const size of [1000, 2000]) {
      h.actor.send({ type: 'files.change', input: 'mobile', files: [aPng(size)] });
      h.actor.send({ type: 'form.submit' });
      await h.settle('submitForm', { output: { ok: true } });
    }
    expect(h.saves.map((save) => save.files)).toEqual([{ mobile: [aPng(1000)] }, { mobile: [aPng(2000)] }]);
    expect(h.notices.map((n) => n.message)).toEqual([
      'Bottom banner images uploaded successfully',
      'Bottom banner images uploaded successfully',
    ]);
    expect(h.actor.getSnapshot().context.saves).toBe(2);
    expect(h.wentToList()).toBe(0);
  });
});
