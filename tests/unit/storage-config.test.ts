import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createS3Storage } from '@server/storage/s3-storage';

const s3Env = {
  STORAGE: 's3',
  S3_ENDPOINT: 'https://s3.example.com',
  S3_BUCKET: 'tienda',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'clave',
  S3_SECRET_ACCESS_KEY: 'secreto',
};

describe('storage configuration', () => {
  it('stores on the local disk unless STORAGE=s3', () => {
    expect(loadConfig({}).STORAGE).toBe('local');
    expect(loadConfig(s3Env)).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'tienda' });
  });

  it('names every S3 variable that STORAGE=s3 is missing', () => {
    expect(() => loadConfig({ ...s3Env, S3_BUCKET: '' })).toThrow(
      'Invalid configuration: STORAGE=s3 needs S3_BUCKET',
    );
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_ENDPOINT: 'https://s3.example.com', S3_REGION: 'x' }),
    ).toThrow('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(() => loadConfig({ ...s3Env, S3_ENDPOINT: 'no es una url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
  });
});

describe('object storage URLs', () => {
  const options = {
    endpoint: 'http://127.0.0.1:9',
    bucket: 'tienda',
    region: 'us-east-1',
    accessKeyId: 'a',
    secretAccessKey: 'b',
  };
  const key = 'product-images/7/7-foto-ab12cd34-1200.webp';

  it('keeps the /uploads/ shape without a CDN', () => {
    const storage = createS3Storage(options);
    expect(storage.publicUrl(key)).toBe(`/uploads/${key}`);
    expect(storage.keyFromUrl(`/uploads/${key}`)).toBe(key);
    expect(storage.keyFromUrl('https://cdn.example.com/x.webp')).toBeNull();
  });

  it('points at S3_PUBLIC_URL and still owns the older /uploads/ URLs', () => {
    const storage = createS3Storage({ ...options, publicUrl: 'https://cdn.example.com/img/' });
    expect(storage.publicUrl(key)).toBe(`https://cdn.example.com/img/${key}`);
    expect(storage.keyFromUrl(`https://cdn.example.com/img/${key}`)).toBe(key);
    expect(storage.keyFromUrl(`/uploads/${key}`)).toBe(key);
    expect(storage.keyFromUrl('https://otro.example.com/img/x.webp')).toBeNull();
    expect(storage.keyFromUrl('https://cdn.example.com/img/../secreto')).toBeNull();
  });
});
