// @vitest-environment jsdom
// /heroimageform and /bannerbottomimage through the real app: each picker previews its slot's current image, an
// upload posts one multipart `files` part per picked image to its slot, an oversized or missing image is refused
// with the spec's message and nothing is sent, and after a save the previews ask for the fresh image.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { mockApi } from './page-harness';

interface Upload {
  fileName: string | null;
  /** Each part's name and size (jsdom's File reaches Node's FormData as a plain Blob, so its file name is lost here). */
  parts: { name: string; size: number }[];
}

let uploads: Upload[] = [];
let uploadStatus = 200;

mockApi([
  ...layoutHandlers,
  http.post('*/api/heroimage', async ({ request }) => {
    const body = await request.formData();
    const parts = [...body.entries()].map(([name, value]) => ({
      name,
      size: typeof value === 'string' ? value.length : value.size,
    }));
    uploads.push({ fileName: new URL(request.url).searchParams.get('fileName'), parts });
    if (uploadStatus !== 200) return HttpResponse.json({ message: 'Only PNG or JPEG images', code: 'BAD_REQUEST' }, { status: uploadStatus });
    return new HttpResponse('Image uploaded successfully', { headers: { 'Content-Type': 'text/plain' } });
  }),
], () => {
  uploads = [];
  uploadStatus = 200;
  vi.restoreAllMocks();
});

const png = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

async function openForm(path: string, title: string) {
  signIn({ dashboard: true });
  const user = userEvent.setup();
  const app = await renderApp(path);
  const form = await screen.findByRole('form', { name: title });
  return {
    ...app,
    user,
    form,
    desktop: form.querySelector('input[name="desktop"]') as HTMLInputElement,
    mobile: form.querySelector('input[name="mobile"]') as HTMLInputElement,
    preview: (alt: string) => within(form).getByRole('img', { name: alt }).getAttribute('src') ?? '',
    upload: within(form).getByRole('button', { name: 'Upload' }),
  };
}

describe('site image forms', () => {
  it('titles the hero form and previews the top banner slots with the size helper', async () => {
    const page = await openForm('/heroimageform', 'Hero image Form');
    expect(screen.getByRole('heading', { level: 1, name: 'Hero image Form' })).toBeTruthy();
    // The title is set in an effect after the first paint.
    await waitFor(() => expect(document.title).toBe('Hero image Form'));
    expect(page.preview('Current desktop image')).toMatch(/\/heroimage\?image=topbannerimg&v=0$/);
    expect(page.preview('Current mobile image')).toMatch(/\/heroimage\?image=topbannermobileimg&v=0$/);
    expect(within(page.form).getByLabelText(/^Desktop image/)).toBe(page.desktop);
    expect(within(page.form).getByLabelText(/^Mobile image/)).toBe(page.mobile);
    expect(within(page.form).getAllByText('PNG or JPEG, at most 300 KB')).toHaveLength(2);
  });

  it('uploads each picked image as a multipart `files` part to its slot, desktop first, and says so', async () => {
    const page = await openForm('/heroimageform', 'Hero image Form');
    await page.user.upload(page.desktop, png('wide.png', 2048));
    await page.user.upload(page.mobile, png('tall.png', 1024));
    expect(within(page.form).getByText('wide.png')).toBeTruthy();
    await page.user.click(page.upload);
    expect(await screen.findByText('Hero images uploaded successfully')).toBeTruthy();
    expect(uploads).toEqual([
      { fileName: 'topbannerimg', parts: [{ name: 'files', size: 2048 }] },
      { fileName: 'topbannermobileimg', parts: [{ name: 'files', size: 1024 }] },
    ]);
  });

  it('uploads only the mobile image when only that one is picked', async () => {
    const page = await openForm('/heroimageform', 'Hero image Form');
    await page.user.upload(page.mobile, png('tall.png', 1024));
    await page.user.click(page.upload);
    expect(await screen.findByText('Hero images uploaded successfully')).toBeTruthy();
    expect(uploads.map((upload) => upload.fileName)).toEqual(['topbannermobileimg']);
  });

  it('refuses a 301 KB image as it is picked with "File size exceeds 300KB limit." and sends nothing', async () => {
    const page = await openForm('/heroimageform', 'Hero image Form');
    await page.user.upload(page.desktop, png('huge.png', 301 * 1024));
    expect(await screen.findByText('File size exceeds 300KB limit.')).toBeTruthy();
    expect(within(page.form).queryByText('huge.png')).toBeNull();
    await page.user.click(page.upload);
    expect(await screen.findAllByText('Please upload an image')).not.toHaveLength(0);
    expect(uploads).toEqual([]);
  });

  it('takes an image of exactly 300 KB', async () => {
    const page = await openForm('/heroimageform', 'Hero image Form');
    await page.user.upload(page.desktop, png('edge.png', 300 * 1024));
    await page.user.click(page.upload);
    expect(await screen.findByText('Hero images uploaded successfully')).toBeTruthy();
    expect(uploads).toHaveLength(1);
  });

  it('says "Please upload an image" when Upload is pressed with nothing picked and sends nothing', async () => {
    const page = await openForm('/heroimageform', 'Hero image Form');
    await page.user.click(page.upload);
    // The toast and the pickers' own message.
    await waitFor(() => expect(screen.getAllByText('Please upload an image').length).toBeGreaterThanOrEqual(2));
    expect(within(page.form).getAllByText('Please upload an image').length).toBeGreaterThanOrEqual(1);
    expect(uploads).toEqual([]);
  });

  it('serves the bottom banner slots on /bannerbottomimage', async () => {
    const page = await openForm('/bannerbottomimage', 'Bottom Banner image Form');
    expect(screen.getByRole('heading', { level: 1, name: 'Bottom Banner image Form' })).toBeTruthy();
    expect(page.preview('Current desktop image')).toMatch(/\/heroimage\?image=bottombannerimg&v=0$/);
    expect(page.preview('Current mobile image')).toMatch(/\/heroimage\?image=bottombannermobileimg&v=0$/);
    await page.user.upload(page.desktop, png('bottom.png', 4096));
    await page.user.upload(page.mobile, png('bottom-mobile.png', 512));
    await page.user.click(page.upload);
    expect(await screen.findByText('Bottom banner images uploaded successfully')).toBeTruthy();
    expect(uploads.map((upload) => upload.fileName)).toEqual(['bottombannerimg', 'bottombannermobileimg']);
  });

  it('stays on the form after a save, clears the pickers and reloads the previews', async () => {
    const page = await openForm('/heroimageform', 'Hero image Form');
    await page.user.upload(page.desktop, png('wide.png', 2048));
    await page.user.click(page.upload);
    await waitFor(() => expect(page.preview('Current desktop image')).toMatch(/topbannerimg&v=1$/));
    expect(page.preview('Current mobile image')).toMatch(/topbannermobileimg&v=1$/);
    expect(page.router.state.location.pathname).toBe('/heroimageform');
    expect(within(page.form).queryByText('wide.png')).toBeNull();
    expect(page.upload.hasAttribute('disabled')).toBe(false);
  });

  it('shows the server\'s refusal and keeps the picked image', async () => {
    uploadStatus = 400;
    const page = await openForm('/heroimageform', 'Hero image Form');
    await page.user.upload(page.desktop, png('wide.png', 2048));
    await page.user.upload(page.mobile, png('tall.png', 1024));
    await page.user.click(page.upload);
    expect(await screen.findByText('Only PNG or JPEG images')).toBeTruthy();
    // The desktop refusal stops the mobile upload.
    expect(uploads.map((upload) => upload.fileName)).toEqual(['topbannerimg']);
    expect(within(page.form).getByText('wide.png')).toBeTruthy();
    expect(page.preview('Current desktop image')).toMatch(/&v=0$/);
  });
});
