package dev.iolab.upload.valet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.iolab.upload.web.ProblemException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A grant is its signed ID: read back by any signer with the same key, refused when changed or for another name. */
class GrantSignerTest {

    private static final byte[] KEY = key(1);
    private static final Instant EXPIRY = Instant.parse("2026-01-01T00:15:00Z");
    private static final byte[] MD5 = InMemoryStaging.md5("twelve bytes".getBytes());

    @Test
    void anotherSignerWithTheSameKeyReadsTheGrantBack() {
        Grant grant = new GrantSigner(KEY, List.of()).sign("a/b c.bin", 12, MD5, "valet-1-12-x", EXPIRY);

        Grant read = new GrantSigner(KEY.clone(), List.of()).read(grant.id(), "a/b c.bin");
        assertThat(read.size()).isEqualTo(12);
        assertThat(read.md5()).isEqualTo(MD5);
        assertThat(read.stagingName()).isEqualTo("valet-1-12-x");
        assertThat(read.expiresAt()).isEqualTo(EXPIRY);
        assertThat(read.name()).isEqualTo("a/b c.bin");
        assertThat(new GrantSigner(KEY, List.of())
                        .read(
                                new GrantSigner(KEY, List.of())
                                        .sign("n", 0, null, "s", EXPIRY)
                                        .id(),
                                "n")
                        .md5())
                .isNull();
    }

    @Test
    void aGrantIsForItsNameOnlyAndCannotBeChanged() {
        GrantSigner signer = new GrantSigner(KEY, List.of());
        Grant grant = signer.sign("a.bin", 12, MD5, "valet-1-12-x", EXPIRY);
        assertNotFound(() -> signer.read(grant.id(), "b.bin"));

        byte[] id = Base64.getUrlDecoder().decode(grant.id());
        for (int i = 0; i < id.length; i++) {
            byte[] changed = id.clone();
            changed[i] ^= 1;
            String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(changed);
            assertNotFound(() -> signer.read(forged, "a.bin"));
        }
        assertNotFound(() -> signer.read(
                Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(id, id.length - 1)), "a.bin"));
        assertNotFound(() -> signer.read("not base64 !", "a.bin"));
        assertNotFound(() -> signer.read("", "a.bin"));
        assertNotFound(() -> signer.read(null, "a.bin"));
    }

    @Test
    void aNameMovedIntoTheIdCompletesNothingElse() {
        GrantSigner signer = new GrantSigner(KEY, List.of());
        Grant grant = signer.sign("tenant/alice/r.bin", 12, null, "valet-1-12-x", EXPIRY);
        byte[] id = Base64.getUrlDecoder().decode(grant.id());

        // The name's prefix appended to the terms, before the MAC: terms + "tenant/alice/" + "r.bin" as before.
        byte[] prefix = "tenant/alice/".getBytes(StandardCharsets.UTF_8);
        byte[] moved = concat(Arrays.copyOf(id, id.length - 32), prefix, macOf(id));

        assertNotFound(() -> signer.read(encode(moved), "r.bin"));
        assertThat(signer.read(grant.id(), "tenant/alice/r.bin").stagingName()).isEqualTo("valet-1-12-x");
    }

    @Test
    void anIdShiftedIntoTheNameIsNotFoundNotAFailure() {
        GrantSigner signer = new GrantSigner(KEY, List.of());
        Grant grant = signer.sign("tenant/alice/r.bin", 12, MD5, "valet-1-12-abcd", EXPIRY);
        byte[] id = Base64.getUrlDecoder().decode(grant.id());

        // The staging name's last bytes moved to the front of the name: the same bytes in a row, a shorter ID.
        for (int k = 1; k <= 4; k++) {
            byte[] terms = Arrays.copyOf(id, id.length - 32 - k);
            String name = "valet-1-12-abcd".substring(15 - k) + "tenant/alice/r.bin";
            String shifted = encode(concat(terms, new byte[0], macOf(id)));
            assertNotFound(() -> signer.read(shifted, name));
        }
    }

    @Test
    void everyMalformedIdIsNotFound() {
        GrantSigner signer = new GrantSigner(KEY, List.of());
        byte[] id = Base64.getUrlDecoder()
                .decode(signer.sign("a.bin", 12, MD5, "valet-1-12-x", EXPIRY).id());
        java.util.Random random = new java.util.Random(36);
        for (int length = 0; length <= id.length + 40; length++) {
            byte[] cut = Arrays.copyOf(id, length); // shorter, or longer with zeros after the MAC
            if (length != id.length) {
                assertNotFound(() -> signer.read(encode(cut), "a.bin"));
            }
            byte[] noise = new byte[length];
            random.nextBytes(noise);
            if (length > 0) {
                noise[0] = 2; // this version, so that the rest is read
            }
            assertNotFound(() -> signer.read(encode(noise), "a.bin"));
        }
        for (int position = 0; position < id.length; position++) {
            for (int value : new int[] {0, 1, 15, 17, 0x7f, 0x80, 0xff}) {
                byte[] changed = id.clone();
                changed[position] = (byte) value;
                if (!Arrays.equals(changed, id)) {
                    assertNotFound(() -> signer.read(encode(changed), "a.bin"));
                }
            }
        }
        byte[] farFuture = id.clone();
        Arrays.fill(farFuture, 1, 9, (byte) 0x7f); // an expiry no Instant can hold
        assertNotFound(() -> signer.read(encode(farFuture), "a.bin"));
    }

    @Test
    void theRefusalDoesNotRepeatTheId() {
        GrantSigner signer = new GrantSigner(KEY, List.of());
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> signer.read("forged\r\n2026-01-01 ERROR injected", "a.bin"))
                .withMessageNotContaining("injected")
                .withMessageContaining("no such grant");
    }

    @Test
    void aRotationAcceptsThePreviousKeyAndNoOther() {
        Grant old = new GrantSigner(KEY, List.of()).sign("a.bin", 1, null, "s", EXPIRY);

        GrantSigner rotated = new GrantSigner(key(2), List.of(KEY));
        assertThat(rotated.read(old.id(), "a.bin").stagingName()).isEqualTo("s");
        Grant fresh = rotated.sign("a.bin", 1, null, "t", EXPIRY);
        assertNotFound(() -> new GrantSigner(KEY, List.of()).read(fresh.id(), "a.bin"));
        assertNotFound(() -> new GrantSigner(key(3), List.of()).read(old.id(), "a.bin"));
    }

    @Test
    void refusesShortKeys() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> new GrantSigner(new byte[31], List.of()))
                .withMessageContaining("32 bytes");
    }

    private static byte[] macOf(byte[] id) {
        return Arrays.copyOfRange(id, id.length - 32, id.length);
    }

    private static byte[] concat(byte[] a, byte[] b, byte[] c) {
        byte[] all = Arrays.copyOf(a, a.length + b.length + c.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        System.arraycopy(c, 0, all, a.length + b.length, c.length);
        return all;
    }

    private static String encode(byte[] id) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(id);
    }

    private static byte[] key(int seed) {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) seed);
        return key;
    }

    private static void assertNotFound(Runnable read) {
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(read::run)
                .satisfies(e -> assertThat(e.problem()).isEqualTo(ValetKeyProblem.GRANT_NOT_FOUND));
    }
}
