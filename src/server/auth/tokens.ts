// The random tokens of mailed links (password reset, e-mail verification, invitations): made
// like session tokens and stored, like them, only as their SHA-256 (auth/session.ts).
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { generateSessionToken } from './session';

/** 20 random bytes in base32: 100 bits no one guesses. */
export const newLinkToken = generateSessionToken;

/** What the database keeps of a token: its SHA-256 in hex. */
export const hashLinkToken = (token: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
