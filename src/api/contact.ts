// Contact Us: POST /api/contactapi.
import { contactReply, contactRequest } from '../../domain/contact';
import type { ContactRequest } from '../../domain/contact';
import { api } from './client';

export async function sendContactMessage(body: ContactRequest): Promise<{ message: string }> {
  return contactReply.parse(await api.post('contactapi', { json: contactRequest.parse(body) }).json());
}
