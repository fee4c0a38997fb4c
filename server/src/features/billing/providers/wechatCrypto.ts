import fs from 'node:fs';
import {
  X509Certificate,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/**
 * The cryptography of WeChat Pay API v3, with node:crypto only:
 * - requests are signed with the merchant's private key (SHA256-RSA2048, PKCS#1 v1.5) over
 *   `METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n`, sent as `Authorization: WECHATPAY2-SHA256-RSA2048 …`;
 * - answers and notifications are signed by WeChat Pay over `TIMESTAMP\nNONCE\nBODY\n`
 *   (headers Wechatpay-Timestamp / -Nonce / -Signature / -Serial), checked with the platform key;
 * - a notification's `resource` is AEAD_AES_256_GCM-encrypted with the API v3 key (32 bytes), the
 *   resource's `nonce` as IV and `associated_data` as AAD; the last 16 bytes are the tag.
 */
export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** A PEM given inline (real newlines or `\n` escapes, as env files often carry) or a file path. */
function readPem(value: string): string {
  const text = value.includes('-----BEGIN') ? value : fs.readFileSync(value, 'utf8');
  return text.replace(/\\n/g, '\n').trim();
}

export function loadPrivateKey(value: string): KeyObject {
  return createPrivateKey(readPem(value));
}

/** The platform public key ("微信支付公钥"), or a platform certificate whose key is used. */
export function loadPublicKey(value: string): KeyObject {
  const pem = readPem(value);
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

export function signMessage(privateKey: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

export function verifyMessage(publicKey: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

export interface SignedRequest {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  /** Path and query of the URL, without the origin. */
  pathWithQuery: string;
  body: string;
  timestamp: number;
  nonce?: string;
}

/** The `Authorization` header of an API v3 request. */
export function authorizationHeader(request: SignedRequest): string {
  const nonce = request.nonce ?? randomBytes(16).toString('hex');
  const message = `${request.method}\n${request.pathWithQuery}\n${request.timestamp}\n${nonce}\n${request.body}\n`;
  const signature = signMessage(request.privateKey, message);
  return `${AUTH_SCHEMA} mchid="${request.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${request.timestamp}",serial_no="${request.serialNo}"`;
}

/** Parses `WECHATPAY2-SHA256-RSA2048 k="v",…` (used by fakes and tests to check our requests). */
export function parseAuthorization(header: string): Record<string, string> | null {
  if (!header.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[match[1]!] = match[2]!;
  return fields;
}

/** The message WeChat Pay signs for answers and notifications. */
export function wechatSignedMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM')
    throw new Error(`unsupported algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** The inverse of `decryptResource`: what WeChat Pay does (used by the local fake in tests). */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData = 'transaction',
  nonce = randomBytes(6).toString('hex'),
): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: 'transaction',
  };
}
