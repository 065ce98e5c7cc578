/**
 * The QR code of a key URI as a PNG data URL (`data:image/png;base64,...`). qrcode (and its PNG
 * encoder) is loaded on the first device registration, not when the server starts.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}
