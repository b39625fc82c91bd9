// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoVault} from "../src/EternoVault.sol";
import {VaultFixture} from "./utils/VaultFixture.sol";

/// @notice Every way of reusing or bending a signature is refused, and refused with the address the
///         signature recovers to (zero when malformed): the same signature twice, another chain id,
///         another vault, a passed deadline, each field altered, the old signer after a rotation, a
///         high-s twin, a zero or garbage signature.
contract EternoVaultReplayTest is VaultFixture {
    /// @dev secp256k1's group order n.
    uint256 private constant N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141;

    function setUp() public {
        deployVault();
    }

    /// @dev The revert the vault gives when `sig` is checked against the withdraw digest of `m`.
    function refusedWithdraw(WithdrawMsg memory m, Sig memory sig) private {
        bytes32 digest = digestOf(address(vault), block.chainid, withdrawHash(m));
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, recoverOf(digest, sig)));
        callWithdraw(m, sig);
    }

    // ------------------------------------------------------------ the same signature twice

    function test_Withdraw_TheSameVoucherPaysOnce() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        callWithdraw(m, sig);
        uint256 after1 = usdt.balanceOf(alice);
        m.nonce = vault.nonces(alice, 1);
        refusedWithdraw(m, sig);
        assertEq(usdt.balanceOf(alice), after1, "nothing paid twice");
    }

    function test_DiveIn_TheSameAuthorisationWorksOnce() public {
        DiveInMsg memory m = diveInMsg(alice, address(usdt), 10e18);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        callDiveIn(m, sig);
        vm.expectRevert(
            abi.encodeWithSelector(
                EternoVault.InvalidSigner.selector,
                recoverOf(digestOf(address(vault), block.chainid, diveInHash(nextDiveIn(m))), sig)
            )
        );
        callDiveIn(m, sig);
    }

    function test_Exchange_TheSameQuoteWorksOnce() public {
        ExchangeMsg memory m = exchangeMsg(alice, address(usdt), 10e18, address(eusd), 9e18);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), m);
        callExchange(m, sig);
        ExchangeMsg memory next = m;
        next.nonce = 1;
        vm.expectRevert(
            abi.encodeWithSelector(
                EternoVault.InvalidSigner.selector,
                recoverOf(digestOf(address(vault), block.chainid, exchangeHash(next)), sig)
            )
        );
        callExchange(m, sig);
    }

    function test_Withdraw_AVoucherForALaterNonceIsRefused() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        m.nonce = 1;
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        m.nonce = 0;
        refusedWithdraw(m, sig);
    }

    // ------------------------------------------------------------ another chain, another vault

    function test_Withdraw_RefusedOnAnotherChainId() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.chainId(1);
        refusedWithdraw(m, sig);
    }

    function test_Withdraw_ASignatureForAnotherChainIsRefusedHere() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory sig = signDigest(SIGNER_KEY, digestOf(address(vault), block.chainid + 1, withdrawHash(m)));
        refusedWithdraw(m, sig);
    }

    function test_Withdraw_RefusedByAnotherVaultWithTheSameSigner() public {
        EternoVault other = new EternoVault(address(this), signer, DELAY, MAX_PAUSE);
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory forOther = signWithdraw(SIGNER_KEY, address(other), m);
        refusedWithdraw(m, forOther);
    }

    // ------------------------------------------------------------ deadline

    function test_Withdraw_RefusedAfterTheDeadline() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.warp(m.deadline + 1);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.Expired.selector, m.deadline));
        callWithdraw(m, sig);
    }

    function test_DiveInAndExchange_RefusedAfterTheDeadline() public {
        DiveInMsg memory d = diveInMsg(alice, address(usdt), 10e18);
        Sig memory dSig = signDiveIn(SIGNER_KEY, address(vault), d);
        ExchangeMsg memory x = exchangeMsg(alice, address(usdt), 10e18, address(eusd), 9e18);
        Sig memory xSig = signExchange(SIGNER_KEY, address(vault), x);
        vm.warp(d.deadline + 1);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.Expired.selector, d.deadline));
        callDiveIn(d, dSig);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.Expired.selector, x.deadline));
        callExchange(x, xSig);
    }

    // ------------------------------------------------------------ each field altered

    function test_Withdraw_EachFieldAlteredIsRefused() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        WithdrawMsg memory x;

        x = copy(m);
        x.user = bob;
        refusedWithdraw(x, sig);
        x = copy(m);
        x.token = address(eusd);
        refusedWithdraw(x, sig);
        x = copy(m);
        x.amount = m.amount + 1;
        refusedWithdraw(x, sig);
        x = copy(m);
        x.deadline = m.deadline + 1;
        refusedWithdraw(x, sig);

        callWithdraw(m, sig);
        assertEq(vault.nonces(alice, 1), 1, "the untouched voucher still pays");
    }

    function test_DiveIn_EachFieldAlteredIsRefused() public {
        DiveInMsg memory m = diveInMsg(alice, address(usdt), 10e18);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        for (uint256 field = 0; field < 6; field++) {
            DiveInMsg memory x = DiveInMsg(m.user, m.custom, m.custom1, m.token, m.amount, m.nonce, m.deadline);
            if (field == 0) x.user = bob;
            if (field == 1) x.custom = 1;
            if (field == 2) x.custom1 = 1;
            if (field == 3) x.token = address(eusd);
            if (field == 4) x.amount = m.amount - 1;
            if (field == 5) x.deadline = m.deadline - 1;
            bytes32 digest = digestOf(address(vault), block.chainid, diveInHash(x));
            vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, recoverOf(digest, sig)));
            callDiveIn(x, sig);
        }
        callDiveIn(m, sig);
        assertEq(vault.nonces(alice, 0), 1, "the untouched authorisation still works");
    }

    function test_Exchange_EachFieldAlteredIsRefused() public {
        ExchangeMsg memory m = exchangeMsg(alice, address(usdt), 10e18, address(eusd), 9e18);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), m);
        for (uint256 field = 0; field < 6; field++) {
            ExchangeMsg memory x =
                ExchangeMsg(m.user, m.tokenIn, m.amountIn, m.tokenOut, m.amountOut, m.nonce, m.deadline);
            if (field == 0) x.user = bob;
            if (field == 1) x.tokenIn = address(feeToken);
            if (field == 2) x.amountIn = m.amountIn - 1;
            if (field == 3) x.tokenOut = address(feeToken);
            if (field == 4) x.amountOut = m.amountOut + 1;
            if (field == 5) x.deadline = m.deadline + 1;
            bytes32 digest = digestOf(address(vault), block.chainid, exchangeHash(x));
            vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, recoverOf(digest, sig)));
            callExchange(x, sig);
        }
        callExchange(m, sig);
        assertEq(vault.nonces(alice, 2), 1, "the untouched quote still works");
    }

    function testFuzz_Withdraw_AnyOtherAmountIsRefused(uint256 signed, uint256 sent) public {
        signed = bound(signed, 1, TX_CAP);
        sent = bound(sent, 1, TX_CAP);
        vm.assume(signed != sent);
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), signed);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        m.amount = sent;
        refusedWithdraw(m, sig);
    }

    function testFuzz_Withdraw_AnyOtherKeyIsRefused(uint256 key) public {
        key = bound(key, 1, N - 1);
        vm.assume(key != SIGNER_KEY);
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory sig = signWithdraw(key, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, vm.addr(key)));
        callWithdraw(m, sig);
    }

    // ------------------------------------------------------------ rotation

    function test_Withdraw_TheOldSignerIsRefusedRightAfterTheRotation() public {
        vault.proposeSigner(vm.addr(0xC0FFEE));
        vm.warp(block.timestamp + DELAY);
        // A voucher the old signer signed moments before the activation, still within its deadline.
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vault.activateSigner();
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, signer));
        callWithdraw(m, sig);
        callWithdraw(m, signWithdraw(0xC0FFEE, address(vault), m));
        assertEq(vault.nonces(alice, 1), 1, "the new signer's voucher pays");
    }

    // ------------------------------------------------------------ malformed signatures

    function test_Withdraw_TheHighSTwinIsRefused() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        Sig memory twin = Sig(sig.r, bytes32(N - uint256(sig.s)), sig.v == 27 ? 28 : 27);
        bytes32 digest = digestOf(address(vault), block.chainid, withdrawHash(m));
        assertEq(ecrecover(digest, twin.v, twin.r, twin.s), signer, "the twin is a valid secp256k1 signature");
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, address(0)));
        callWithdraw(m, twin);
        callWithdraw(m, sig);
    }

    function test_Withdraw_ZeroAndGarbageSignaturesAreRefused() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 10e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, address(0)));
        callWithdraw(m, Sig(bytes32(0), bytes32(0), 27));
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, address(0)));
        callWithdraw(m, Sig(sig.r, sig.s, 29));
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, address(0)));
        callWithdraw(m, Sig(sig.r, sig.s, 0));
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, address(0)));
        callWithdraw(m, Sig(bytes32(0), sig.s, sig.v));
    }

    // ------------------------------------------------------------ helpers

    function copy(WithdrawMsg memory m) private pure returns (WithdrawMsg memory) {
        return WithdrawMsg(m.user, m.token, m.amount, m.nonce, m.deadline);
    }

    function nextDiveIn(DiveInMsg memory m) private pure returns (DiveInMsg memory) {
        return DiveInMsg(m.user, m.custom, m.custom1, m.token, m.amount, m.nonce + 1, m.deadline);
    }
}
