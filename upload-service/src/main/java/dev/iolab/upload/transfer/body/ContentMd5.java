package dev.iolab.upload.transfer.body;

import java.util.Base64;

/** An MD5 as HTTP carries it ({@code Content-MD5}, RFC 1864): the Base64 of its 16 bytes. */
public final class ContentMd5 {

    private ContentMd5() {}

    /**
     * The 16 bytes of {@code base64} (surrounding whitespace ignored).
     *
     * @return the MD5, or null when {@code base64} is not the Base64 of 16 bytes
     */
    public static byte[] decode(String base64) {
        try {
            byte[] md5 = Base64.getDecoder().decode(base64.strip());
            return md5.length == 16 ? md5 : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
