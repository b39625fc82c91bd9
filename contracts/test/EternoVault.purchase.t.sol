// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoVault} from "../src/EternoVault.sol";
import {IEternoVault} from "../src/interfaces/IEternoVault.sol";
import {VaultFixture} from "./utils/VaultFixture.sol";

/// @notice The finance purchase path (docs/decisions/finance.md): a package purchase is a
///         `diveInWithToken` whose signed `custom` is the package id and `custom1` the registration
///         type code, in USDT, for exactly the package price; a regular (fixed-term) purchase carries
///         the product id and 0. The authorisation binds every one of those fields, the amount and the
///         deadline: any field altered, a reuse or a passed deadline is refused and nothing moves; the
///         ledger reads `DivedIn`, which carries custom and custom1 exactly as signed.
contract EternoVaultPurchaseTest is VaultFixture {
    uint256 private constant PACKAGE_1 = 1;
    uint256 private constant PACKAGE_5 = 5;
    uint256 private constant REGULAR_7_DAYS = 101;
    uint256 private constant FIRST = 1;
    uint256 private constant REPEAT = 2;
    uint256 private constant PRICE_1 = 100e18;

    function setUp() public {
        deployVault();
    }

    /// @dev `m` sent with `sig` is refused with the address `sig` recovers to over `m`'s digest.
    function refused(DiveInMsg memory m, Sig memory sig) private {
        bytes32 digest = digestOf(address(vault), block.chainid, diveInHash(m));
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, recoverOf(digest, sig)));
        callDiveIn(m, sig);
    }

    function copy(DiveInMsg memory m) private pure returns (DiveInMsg memory) {
        return DiveInMsg(m.user, m.custom, m.custom1, m.token, m.amount, m.nonce, m.deadline);
    }

    // ------------------------------------------------------------ what the ledger reads

    function test_Purchase_APackageVoucherPaysThePriceAndDivedInCarriesCustomAndCustom1() public {
        DiveInMsg memory m = purchaseMsg(alice, PACKAGE_1, FIRST, PRICE_1);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        uint256 held = usdt.balanceOf(address(vault));
        uint256 had = usdt.balanceOf(alice);
        vm.expectEmit(address(vault));
        emit IEternoVault.DivedIn(alice, address(usdt), PRICE_1, PACKAGE_1, FIRST, 0);
        callDiveIn(m, sig);
        assertEq(usdt.balanceOf(address(vault)), held + PRICE_1, "the vault holds the payment");
        assertEq(usdt.balanceOf(alice), had - PRICE_1, "alice paid the price");
        assertEq(vault.nonces(alice, 0), 1, "the DiveIn nonce is used");
    }

    function test_Purchase_ARepeatAndARegularVoucherCarryTheirCodes() public {
        DiveInMsg memory p = purchaseMsg(alice, PACKAGE_5, REPEAT, 500e18);
        Sig memory pSig = signDiveIn(SIGNER_KEY, address(vault), p);
        vm.expectEmit(address(vault));
        emit IEternoVault.DivedIn(alice, address(usdt), 500e18, PACKAGE_5, REPEAT, 0);
        callDiveIn(p, pSig);

        DiveInMsg memory r = purchaseMsg(alice, REGULAR_7_DAYS, 0, 1234e18);
        Sig memory rSig = signDiveIn(SIGNER_KEY, address(vault), r);
        vm.expectEmit(address(vault));
        emit IEternoVault.DivedIn(alice, address(usdt), 1234e18, REGULAR_7_DAYS, 0, 1);
        callDiveIn(r, rSig);
    }

    // ------------------------------------------------------------ each field altered

    function test_Purchase_EachFieldAlteredIsRefusedAndNothingMoves() public {
        DiveInMsg memory m = purchaseMsg(alice, PACKAGE_1, FIRST, PRICE_1);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        uint256 held = usdt.balanceOf(address(vault));
        // user, package, another package's price with its id, registration type, token, amount up and
        // down, deadline, and a regular product id.
        for (uint256 field = 0; field < 9; field++) {
            DiveInMsg memory x = copy(m);
            if (field == 0) x.user = bob;
            if (field == 1) x.custom = PACKAGE_5;
            if (field == 2) (x.custom, x.amount) = (PACKAGE_5, 500e18);
            if (field == 3) x.custom1 = REPEAT;
            if (field == 4) x.token = address(eusd);
            if (field == 5) x.amount = PRICE_1 + 1;
            if (field == 6) x.amount = PRICE_1 - 1;
            if (field == 7) x.deadline = m.deadline + 1;
            if (field == 8) (x.custom, x.custom1) = (REGULAR_7_DAYS, 0);
            refused(x, sig);
        }
        assertEq(usdt.balanceOf(address(vault)), held, "nothing was paid in");
        assertEq(vault.nonces(alice, 0), 0, "no nonce was used");
        callDiveIn(m, sig);
        assertEq(vault.nonces(alice, 0), 1, "the untouched voucher still pays");
    }

    function testFuzz_Purchase_AnyOtherPackageOrTypeIsRefused(uint256 custom, uint256 custom1) public {
        vm.assume(custom != PACKAGE_1 || custom1 != FIRST);
        DiveInMsg memory m = purchaseMsg(alice, PACKAGE_1, FIRST, PRICE_1);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        (m.custom, m.custom1) = (custom, custom1);
        refused(m, sig);
    }

    // ------------------------------------------------------------ reuse, deadline, pause

    function test_Purchase_AVoucherPaysOnce() public {
        DiveInMsg memory m = purchaseMsg(alice, PACKAGE_1, FIRST, PRICE_1);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        callDiveIn(m, sig);
        uint256 held = usdt.balanceOf(address(vault));
        DiveInMsg memory again = copy(m);
        again.nonce = 1;
        refused(again, sig);
        assertEq(usdt.balanceOf(address(vault)), held, "not paid twice");
        assertEq(vault.nonces(alice, 0), 1, "the nonce moved once");
    }

    function test_Purchase_RefusedAfterItsDeadline() public {
        DiveInMsg memory m = purchaseMsg(alice, PACKAGE_1, FIRST, PRICE_1);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        uint256 held = usdt.balanceOf(address(vault));
        vm.warp(m.deadline + 1);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.Expired.selector, m.deadline));
        callDiveIn(m, sig);
        assertEq(usdt.balanceOf(address(vault)), held, "nothing was paid in");
        assertEq(vault.nonces(alice, 0), 0, "the expired voucher used no nonce");
    }

    function test_Purchase_ValidUpToAndIncludingItsDeadline() public {
        DiveInMsg memory m = purchaseMsg(alice, PACKAGE_1, FIRST, PRICE_1);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        vm.warp(m.deadline);
        callDiveIn(m, sig);
        assertEq(vault.nonces(alice, 0), 1, "paid at its deadline");
    }

    function test_Purchase_RefusedWhilePaused() public {
        DiveInMsg memory m = purchaseMsg(alice, PACKAGE_1, FIRST, PRICE_1);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        vault.pause();
        vm.expectRevert(EternoVault.VaultPaused.selector);
        callDiveIn(m, sig);
        vault.unpause();
        callDiveIn(m, sig);
        assertEq(vault.nonces(alice, 0), 1, "the voucher signed before the pause pays after it");
    }
}
