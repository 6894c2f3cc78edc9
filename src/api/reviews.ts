// Reviews (issue 42): one function per endpoint, each reply parsed with the domain/ contract; a refusal or failure is
// an ApiCallError (status and the server's message), which the review machines read.
import { z } from 'zod/mini';
import { adminReviewsReply, myReviewReply, productReviewsReply, saveReviewReply } from '../../domain/reviews';
import type { AdminReviewsReply, MyReviewReply, ProductReviewsReply, ReviewRequest, ReviewVisibility, SaveReviewReply } from '../../domain/reviews';
import { call } from './call-error';
import { api } from './client';

/** `GET flowerreviews/{id}?page=`: the summary and a page of the newest visible reviews. */
export const getProductReviews = (externalId: string, page: number): Promise<ProductReviewsReply> =>
  call(() => api.get(`flowerreviews/${encodeURIComponent(externalId)}`, { searchParams: { page } }).json(), productReviewsReply);

/** `GET myreview/{id}`: her review and whether she may write one. */
export const getMyReview = (externalId: string): Promise<MyReviewReply> =>
  call(() => api.get(`myreview/${encodeURIComponent(externalId)}`).json(), myReviewReply);

/** `PUT myreview/{id}`: writes or edits her review. */
export const saveReview = (externalId: string, review: ReviewRequest): Promise<SaveReviewReply> =>
  call(() => api.put(`myreview/${encodeURIComponent(externalId)}`, { json: review }).json(), saveReviewReply);

/** `GET admin/reviews?status=&page=` */
export const getAdminReviews = (status: ReviewVisibility, page = 1): Promise<AdminReviewsReply> =>
  call(() => api.get('admin/reviews', { searchParams: { status, page } }).json(), adminReviewsReply);

/** `POST admin/reviews/{id}/visibility`: hides with a reason, or shows again. */
export const setReviewVisibility = (id: number, change: { hidden: boolean; reason?: string }): Promise<{ message: string }> =>
  call(() => api.post(`admin/reviews/${id}/visibility`, { json: change }).json(), z.object({ message: z.string() }));
