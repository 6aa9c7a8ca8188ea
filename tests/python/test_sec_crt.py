"""powmod_sec_crt(b, d, [p, q]): against pow and against OpenSSL's raw RSA private operation.

The RSA keys are made at run time by the openssl command line (``openssl
genrsa`` at 1024, 2048, 3072 and 4096 bits); ``openssl rsa -text`` gives p, q
and d, and ``openssl pkeyutl -decrypt -pkeyopt rsa_padding_mode:none`` the
reference m = c^d mod n for a random c < n.  scripts/install_deps.sh installs
openssl; without it those tests are skipped with the reason.
"""

import re
import shutil
import subprocess

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import parmod
from conftest import gmpy2, is_probable_prime, seeded_random

OPENSSL = shutil.which("openssl")
needs_openssl = pytest.mark.skipif(OPENSSL is None, reason="the openssl command line is not installed")


def random_prime(rnd, bits):
    """A random prime of exactly `bits` bits (bits >= 2)."""
    while True:
        x = rnd.getrandbits(bits) | (1 << (bits - 1)) | 1
        if bits == 2:
            x = 3
        if is_probable_prime(x):
            return x


@settings(max_examples=60)
@given(st.integers(2, 700), st.integers(2, 700), st.randoms(use_true_random=False), st.integers(-3, 3))
@example(2, 3, None, 0)
def test_matches_pow(pbits, qbits, rnd, kind):
    rnd = rnd or seeded_random("sec_crt")
    p = random_prime(rnd, pbits)
    q = random_prime(rnd, qbits)
    if p == q:
        return
    n = p * q
    b = [0, 1, n - 1, p, -rnd.randrange(n), rnd.randrange(n * n), rnd.randrange(n)][kind + 3]
    for e in (0, 1, 2, 65537, rnd.getrandbits(pbits + qbits), (p - 1) * (q - 1)):
        assert parmod.powmod_sec_crt(b, e, [p, q]) == pow(b, e, n)


@pytest.mark.skipif(gmpy2 is None, reason="gmpy2 not installed")
def test_mpz_in_mpz_out():
    p, q = 2**127 - 1, 2**89 - 1
    got = parmod.powmod_sec_crt(gmpy2.mpz(5), 77, [p, q])
    assert type(got) is type(gmpy2.mpz(0)) and got == pow(5, 77, p * q)


def test_errors():
    p, q = 2**127 - 1, 2**89 - 1
    with pytest.raises(ValueError, match="'e' must be >= 0"):
        parmod.powmod_sec_crt(2, -1, [p, q])
    with pytest.raises(ValueError, match="two primes"):
        parmod.powmod_sec_crt(2, 3, [p])
    with pytest.raises(ValueError, match="two primes"):
        parmod.powmod_sec_crt(2, 3, [p, q, 5])
    with pytest.raises(ValueError, match=r"factors\[1\]"):
        parmod.powmod_sec_crt(2, 3, [p, 2 * q])
    with pytest.raises(ValueError, match=r"factors\[0\]"):
        parmod.powmod_sec_crt(2, 3, [1, q])
    with pytest.raises(ValueError, match="distinct"):
        parmod.powmod_sec_crt(2, 3, [p, p])
    with pytest.raises(TypeError):
        parmod.powmod_sec_crt(2.0, 3, [p, q])
    with pytest.raises(TypeError):
        parmod.powmod_sec_crt(2, 3, [p, "q"])
    with pytest.raises(TypeError):
        parmod.powmod_sec_crt(2, 3, 5)


def openssl_key(tmp_path, bits):
    """(n, d, p, q, key file) of a fresh `openssl genrsa` key."""
    key = tmp_path / f"rsa{bits}.pem"
    subprocess.run([OPENSSL, "genrsa", "-out", str(key), str(bits)], check=True, capture_output=True)
    text = subprocess.run([OPENSSL, "rsa", "-in", str(key), "-text", "-noout"], check=True, capture_output=True,
                          text=True).stdout

    def field(name):
        m = re.search(rf"^{name}:\s*\n((?:\s+[0-9a-f:]+\n)+)", text, re.M)
        assert m, f"no {name} in openssl rsa -text output"
        return int(re.sub(r"[\s:]", "", m.group(1)), 16)

    return field("modulus"), field("privateExponent"), field("prime1"), field("prime2"), key


@needs_openssl
@pytest.mark.parametrize("bits", [1024, 2048, 3072, 4096])
def test_openssl_raw_rsa(tmp_path, bits):
    n, d, p, q, key = openssl_key(tmp_path, bits)
    assert p * q == n and n.bit_length() == bits
    rnd = seeded_random(f"openssl{bits}")
    length = (bits + 7) // 8
    for i in range(3):
        c = rnd.randrange(2, n)
        cin, mout = tmp_path / f"c{i}.bin", tmp_path / f"m{i}.bin"
        cin.write_bytes(c.to_bytes(length, "big"))
        subprocess.run([OPENSSL, "pkeyutl", "-decrypt", "-inkey", str(key), "-pkeyopt", "rsa_padding_mode:none",
                        "-in", str(cin), "-out", str(mout)], check=True, capture_output=True)
        want = int.from_bytes(mout.read_bytes(), "big")
        assert parmod.powmod_sec_crt(c, d, [p, q]) == want
        assert parmod.powmod_sec_crt(c, d, [q, p]) == want
    # The round trip with the public exponent.
    m = rnd.randrange(n)
    assert parmod.powmod_sec_crt(pow(m, 65537, n), d, [p, q]) == m


def test_help_texts_say_what_is_constant_time():
    import pydoc

    def text(obj):
        return " ".join(pydoc.render_doc(obj).split())

    sec = text(parmod.powmod_sec_crt)
    for words in ("constant time", "must be prime", "wiped", "GIL"):
        assert words in sec, words
    crt = text(parmod.powmod_crt)
    assert "VARIABLE TIME" in crt and "powmod_sec_crt" in crt
