/** The QR code of a key URI as a PNG data URL (`data:image/png;base64,...`). */
import QRCode from 'qrcode';

export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}
