// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoVault} from "../../src/EternoVault.sol";
import {VaultFixture} from "../utils/VaultFixture.sol";

/// @notice Security review 2026-11, L-3 (LOW, centralisation), "Vault owner and signer": "Owner can drain the
///         vault after the 2-day signer timelock (its own signer + caps raised at once), freeze it indefinitely
///         (pause, caps 0); the hot signer key alone pays anyone up to the caps, with no on-chain ledger check."
///         The review's `VaultOwnerPowers.t.sol`, turned around. What the owner can no longer do at once:
///         raise a cap (a proposal waits SIGNER_DELAY, public through `pendingCapIncreases`), hold withdrawals
///         longer than MAX_PAUSE, or renew a pause before MAX_PAUSE of open withdrawals. What still needs the
///         delay users can see: its own signer AND higher caps, both announced SIGNER_DELAY ahead, while
///         withdrawals stay open under the old caps. The hot signer alone: one address at most the per-user
///         day cap, the vault at most the net day cap, and exchanges never past the funded budget.
contract L3VaultOwnerPowersTest is VaultFixture {
    uint256 private constant OWNER_KEY = 0x0BAD;

    function setUp() public {
        deployVault();
        // Users' deposits on top of the reserve.
        DiveInMsg memory d = diveInMsg(alice, address(usdt), 500_000e18);
        callDiveIn(d, signDiveIn(SIGNER_KEY, address(vault), d));
    }

    function test_OwnerCannotRaiseCapsAtOnce_TheDrainNeedsTheDelayUsersSee() public {
        address thief = vm.addr(OWNER_KEY);
        uint256 proposedAt = block.timestamp;
        vault.proposeSigner(thief);
        // Raising caps at once is refused; a proposal is public for the whole signer delay.
        vm.expectRevert(abi.encodeWithSelector(EternoVault.CapIncreaseNeedsProposal.selector, address(usdt)));
        vault.setToken(address(usdt), true, type(uint112).max, type(uint112).max, type(uint112).max);
        vault.proposeTokenCaps(address(usdt), type(uint112).max, type(uint112).max, type(uint112).max);
        (address[] memory tokens, uint256[] memory etas) = vault.pendingCapIncreases();
        assertEq(tokens.length, 1, "the raise is announced");
        assertEq(tokens[0], address(usdt), "for USDT");
        assertEq(etas[0], proposedAt + DELAY, "with its eta");
        assertEq(vault.pendingSigner(), thief, "the new signer is announced");
        assertEq(vault.pendingSignerEta(), proposedAt + DELAY, "with the same eta");

        // During the delay the owner's key cannot sign and the caps stay: a user exits under the old caps.
        vm.warp(proposedAt + DELAY - 1);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.CapsNotReady.selector, address(usdt), proposedAt + DELAY));
        vault.activateTokenCaps(address(usdt));
        WithdrawMsg memory stolen = withdrawMsg(thief, address(usdt), TX_CAP);
        Sig memory bad = signWithdraw(OWNER_KEY, address(vault), stolen);
        vm.prank(thief);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, thief));
        vault.withdraw(stolen.token, stolen.amount, stolen.deadline, bad.r, bad.s, bad.v);
        for (uint256 i = 0; i < 3; i++) {
            WithdrawMsg memory exit = withdrawMsg(alice, address(usdt), TX_CAP);
            callWithdraw(exit, signWithdraw(SIGNER_KEY, address(vault), exit));
        }
        assertEq(vault.userPaidToday(alice, address(usdt)), USER_CAP, "alice took her day's allowance out");
    }

    function test_OwnerCannotFreezeWithdrawalsIndefinitely() public {
        uint256 start = block.timestamp;
        vault.pause();
        // The review's year-long pause: withdrawals reopen by themselves after MAX_PAUSE.
        vm.warp(start + MAX_PAUSE);
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 1e18);
        callWithdraw(m, signWithdraw(SIGNER_KEY, address(vault), m));
        vm.warp(start + 365 days);
        m = withdrawMsg(alice, address(usdt), 1e18);
        callWithdraw(m, signWithdraw(SIGNER_KEY, address(vault), m));
        assertEq(vault.nonces(alice, 1), 2, "withdrawals paid during the year-long pause");
        assertTrue(vault.paused(), "deposits and exchanges may stay paused");
    }

    function test_OwnerCannotRenewAPauseBeforeItsCooldown() public {
        uint256 start = block.timestamp;
        vault.pause();
        vm.warp(start + MAX_PAUSE - 1);
        vault.unpause();
        vm.expectRevert(abi.encodeWithSelector(EternoVault.PauseCooldown.selector, start + 2 * MAX_PAUSE - 1));
        vault.pause();
        // The freeze lasted MAX_PAUSE − 1 s; withdrawals now stay open at least MAX_PAUSE.
        vm.warp(start + 2 * MAX_PAUSE - 2);
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 1e18);
        callWithdraw(m, signWithdraw(SIGNER_KEY, address(vault), m));
    }

    function test_HotSignerPaysOneAddressAtMostItsDayCap() public {
        address stranger = address(0x5EED);
        for (uint256 i = 0; i < 3; i++) {
            WithdrawMsg memory m = withdrawMsg(stranger, address(usdt), TX_CAP);
            callWithdraw(m, signWithdraw(SIGNER_KEY, address(vault), m));
        }
        WithdrawMsg memory more = withdrawMsg(stranger, address(usdt), 1);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), more);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverUserDayCap.selector, 1, 0));
        callWithdraw(more, sig);
        assertEq(usdt.balanceOf(stranger), USER_CAP, "one address: at most the per-user day cap");
    }

    function test_HotSignerCannotPayLiabilitiesOutThroughExchanges() public {
        // The signer signs exchanges of 1 wei of EUSD for as much USDT as the caps allow: the USDT budget
        // (what was funded) is the most exchanges can ever take; alice's 500,000 USDT deposit is not budget.
        address stranger = address(0x5EED);
        require(eusd.transfer(stranger, 10), "give");
        vm.prank(stranger);
        eusd.approve(address(vault), 10);
        for (uint256 i = 0; i < 2; i++) {
            ExchangeMsg memory x = exchangeMsg(stranger, address(eusd), 1, address(usdt), TX_CAP);
            callExchange(x, signExchange(SIGNER_KEY, address(vault), x));
        }
        (,,,,, uint256 budget) = vault.tokenInfo(address(usdt));
        assertEq(budget, 0, "the reserve is spent");
        ExchangeMsg memory last = exchangeMsg(stranger, address(eusd), 1, address(usdt), 1);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), last);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.ExchangeBudgetExceeded.selector, 1, 0));
        callExchange(last, sig);
        assertEq(usdt.balanceOf(address(vault)), 500_000e18, "alice's deposit is still in the vault");
    }
}
