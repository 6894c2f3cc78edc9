/**
 * Sign-in, session and sign-up/password routes (SPEC.md §7 "Session", "Sign up and password"). Bodies are validated
 * with the domain schemas the forms use; the refresh token travels only in the HttpOnly cookie `refreshToken`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessages,
  checkEmailPresentReply,
  checkEmailPresentRequest,
  createPasswordRequest,
  messageReply,
  refreshReply,
  signInReply,
  signInRequest,
  signUpDetails,
  verifyEmailReply,
  verifyEmailRequest,
  verifyOtpPasswordRequest,
  verifyOtpRequest,
} from '../../../domain/auth';
import { apiError } from '../../../domain/errors';
import type { Config } from '../../config';
import { isGuestCheckoutVerification, verifyGuestCheckoutCode } from '../checkout/checkout.service';
import { perEmailLimit } from './auth-rate-limits';
import {
  checkEmailPresent,
  createPassword,
  passwordWindowMs,
  refreshSession,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
  verifySignUpCode,
} from './auth.service';
import type { AuthDeps } from './auth.service';
import { refreshTokenTtlSeconds } from './refresh-tokens';
import { signUpProof, signUpProofCookie, signUpProofPath } from './sign-up-proof';

export const refreshCookieName = 'refreshToken';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 429: apiError, 503: apiError };
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimits } = app.config;
  const deps = (request: FastifyRequest): AuthDeps => ({
    db: app.db,
    mailer: app.mailer,
    config: app.config,
    log: request.log,
  });
  const signInPerEmail = perEmailLimit(app, { name: 'signin', max: rateLimits.signInPerEmailPerMinute, timeWindow: '1 minute' });
  const otpSendPerEmail = perEmailLimit(app, { name: 'otp-send', max: rateLimits.otpSendPerEmailPerHour, timeWindow: '1 hour' });
  const otpCheckPerEmail = perEmailLimit(app, { name: 'otp-check', max: rateLimits.otpCheckPerEmailPerMinute, timeWindow: '1 minute' });

  app.post(
    '/loginapi',
    {
      config: perMinute(rateLimits.signInPerIpPerMinute),
      preHandler: signInPerEmail,
      schema: {
        tags: ['auth'],
        summary: 'Sign in: access token in the body, refresh token as the HttpOnly cookie refreshToken',
        body: signInRequest,
        response: { 200: signInReply, ...errors },
      },
    },
    async (request, reply) => {
      const { user, accessToken, refresh } = await signIn(deps(request), request.body);
      setRefreshCookie(reply, app.config, refresh.token);
      return {
        message: authMessages.loginSuccessful,
        userExtId: user.externalId,
        userId: user.externalId,
        email: user.email,
        trueUser: user.role === 'admin',
        authorization: accessToken,
      };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (cookie refreshToken) and get a new access token',
        response: { 200: refreshReply, ...errors },
      },
    },
    async (request, reply) => {
      const token = request.cookies[refreshCookieName] || request.headers.authorization;
      try {
        const { accessToken, refresh } = await refreshSession(deps(request), token);
        setRefreshCookie(reply, app.config, refresh.token);
        return { message: authMessages.tokenRegenerated, authorization: accessToken };
      } catch (error) {
        clearRefreshCookie(reply, app.config);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the session and expire the cookie (also fine without a session)',
        response: { 200: messageReply, ...errors },
      },
    },
    async (request, reply) => {
      const header = request.headers.refreshtoken;
      const token = request.cookies[refreshCookieName] || (typeof header === 'string' ? header : undefined);
      await signOut(deps(request), token);
      clearRefreshCookie(reply, app.config);
      return { message: authMessages.loggedOut };
    },
  );

  app.post(
    '/checkemailpresent',
    {
      config: perMinute(rateLimits.emailCheckPerIpPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Known details of an account that has no password yet, to the guest session that proved the e-mail; nulls otherwise',
        body: checkEmailPresentRequest,
        response: { 200: checkEmailPresentReply, ...errors },
      },
    },
    async (request) => checkEmailPresent(app.db, request.body.email, request.caller),
  );

  app.post(
    '/createuser',
    {
      config: perMinute(rateLimits.otpSendPerIpPerMinute),
      preHandler: otpSendPerEmail,
      schema: {
        tags: ['auth'],
        summary: 'Sign up (step 1): create or update an account without a password and mail a sign-up code',
        body: signUpDetails,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await signUp(deps(request), request.body);
      return { message: authMessages.signUpOtpSent };
    },
  );

  app.post(
    '/verifyotp',
    {
      config: perMinute(rateLimits.otpCheckPerIpPerMinute),
      preHandler: otpCheckPerEmail,
      schema: {
        tags: ['auth'],
        summary: 'Sign up (step 2) or guest checkout: check the code; marks the e-mail (and the guest session) verified',
        body: verifyOtpRequest,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request, reply) => {
      // A guest at checkout verifies its guest-checkout code through the same call (SPEC.md §4 guest checkout).
      const { caller } = request;
      if (caller.kind === 'guest' && (await isGuestCheckoutVerification(app.db, caller.sessionId, request.body.email))) {
        await verifyGuestCheckoutCode(deps(request), caller.sessionId, request.body);
      } else {
        await verifySignUpCode(deps(request), request.body);
        // Step 3 (createpassword) is for this browser only: it sends the proof back.
        reply.setCookie(signUpProofCookie, signUpProof(app.config.jwtSecret, request.body.email, passwordWindowMs), {
          ...cookieOptions(app.config, request, signUpProofPath),
          maxAge: passwordWindowMs / 1000,
        });
      }
      return { message: authMessages.otpVerified };
    },
  );

  app.post(
    '/createpassword',
    {
      config: perMinute(rateLimits.otpCheckPerIpPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Sign up (step 3): the first password, within 30 minutes of verifying the code, from the browser that did',
        body: createPasswordRequest,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request, reply) => {
      await createPassword(deps(request), request.body, request.cookies[signUpProofCookie]);
      reply.clearCookie(signUpProofCookie, cookieOptions(app.config, request, signUpProofPath));
      return { message: authMessages.accountCreated };
    },
  );

  app.post(
    '/verifyemail',
    {
      config: perMinute(rateLimits.otpSendPerIpPerMinute),
      preHandler: otpSendPerEmail,
      schema: {
        tags: ['auth'],
        summary: 'Forgot password (step 1): mail a reset code to an existing account',
        body: verifyEmailRequest,
        response: { 200: verifyEmailReply, ...errors },
      },
    },
    async (request) => {
      const { userExtId } = await requestPasswordReset(deps(request), request.body.email);
      return { status: 200 as const, userId: userExtId, body: authMessages.otpSent };
    },
  );

  app.post(
    '/verifyotppassword',
    {
      config: perMinute(rateLimits.otpCheckPerIpPerMinute),
      preHandler: otpCheckPerEmail,
      schema: {
        tags: ['auth'],
        summary: 'Forgot password (step 2): check the reset code and set the new password; ends every session',
        body: verifyOtpPasswordRequest,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await resetPassword(deps(request), request.body);
      return { message: authMessages.forgotSuccess };
    },
  );
};

/**
 * Every cookie the shop sets: out of scripts' reach, never sent by another site's request, and Secure whenever the
 * shop is reached over HTTPS (its public address is https://, or a trusted proxy says the request came over https).
 * Not Secure on plain http://, where the browser would drop it.
 */
function cookieOptions(config: Pick<Config, 'publicBaseUrl'>, request: FastifyRequest, path = '/') {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path,
    secure: config.publicBaseUrl.startsWith('https://') || request.protocol === 'https',
  };
}

export function setRefreshCookie(reply: FastifyReply, config: Pick<Config, 'publicBaseUrl'>, token: string): void {
  reply.setCookie(refreshCookieName, token, { ...cookieOptions(config, reply.request), maxAge: refreshTokenTtlSeconds });
}

function clearRefreshCookie(reply: FastifyReply, config: Pick<Config, 'publicBaseUrl'>): void {
  reply.clearCookie(refreshCookieName, cookieOptions(config, reply.request));
}
