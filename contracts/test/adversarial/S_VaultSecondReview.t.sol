// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {EternoVault} from "../../src/EternoVault.sol";
import {ReentrantToken} from "../utils/ReentrantToken.sol";
import {VaultFixture} from "../utils/VaultFixture.sol";

/// @notice Second review of the vault (session 9): attacks on the fixed vault that FAIL, kept as regressions.
///         - A stolen signer key cycling exchanges to grow a token's exchange budget out of its own inputs and
///           take users' deposits with it: every cycle pays out only what came in without a debt (the funded
///           reserve and its own inputs); the deposits stay in the vault.
///         - A user resetting its own day cap with inflows (a deposit, a funding, an exchange input): the
///           per-user cap counts payouts only.
///         - The net vault-wide cap under a stolen key: it takes at most the cap plus the day's inflows; a
///           deposit made before the day's payouts (or on an earlier day) banks nothing.
///         - A malicious allowed token re-entering from inside `pureTransfer` (its input pull and its output
///           payout) and `fund`: refused, nothing moves.
contract SVaultSecondReviewTest is VaultFixture {
    address private thief = address(0x7E1EF);

    function setUp() public {
        deployVault();
        // Alice's deposit: what the ledger owes her.
        DiveInMsg memory d = diveInMsg(alice, address(usdt), 500_000e18);
        callDiveIn(d, signDiveIn(SIGNER_KEY, address(vault), d));
        require(usdt.transfer(thief, 1_000_000e18) && eusd.transfer(thief, 1_000_000e18), "give");
        vm.startPrank(thief);
        usdt.approve(address(vault), type(uint256).max);
        eusd.approve(address(vault), type(uint256).max);
        vm.stopPrank();
    }

    function _exchange(address user, address tokenIn, uint256 amountIn, address tokenOut, uint256 amountOut) private {
        ExchangeMsg memory x = exchangeMsg(user, tokenIn, amountIn, tokenOut, amountOut);
        callExchange(x, signExchange(SIGNER_KEY, address(vault), x));
    }

    function _budget(address token) private view returns (uint256 budget) {
        (,,,,, budget) = vault.tokenInfo(address(token));
    }

    function test_CyclingExchangesWithAStolenKeyNeverReachesTheDeposits() public {
        uint256 thiefStart = usdt.balanceOf(thief);
        // Each cycle: the whole USDT budget out for 1 wei of EUSD (two transactions under the tx cap), then the
        // thief pays that USDT back in for the whole EUSD budget, then out again. Over days (the caps reset).
        for (uint256 day = 0; day < 4; day++) {
            while (_budget(address(usdt)) > 0) {
                uint256 out = _budget(address(usdt)) > TX_CAP ? TX_CAP : _budget(address(usdt));
                _exchange(thief, address(eusd), 1, address(usdt), out);
                assertGe(usdt.balanceOf(address(vault)), 500_000e18, "alice's deposit never leaves");
            }
            uint256 back = 100_000e18;
            _exchange(thief, address(usdt), back, address(eusd), 1);
            assertEq(_budget(address(usdt)), back, "an input joins the budget: it carried no debt");
            vm.warp(block.timestamp + 1 days);
        }
        _exchange(thief, address(eusd), 1, address(usdt), 100_000e18);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.ExchangeBudgetExceeded.selector, 1, 0));
        this.exchangeFor(thief, address(eusd), 1, address(usdt), 1);
        assertEq(usdt.balanceOf(address(vault)), 500_000e18, "the deposit is whole");
        // What the thief got is the funded reserve, nothing of alice's.
        assertEq(usdt.balanceOf(thief) - thiefStart, RESERVE, "the reserve, no more");
    }

    /// @dev External so that a revert can be expected around it.
    function exchangeFor(address user, address tokenIn, uint256 amountIn, address tokenOut, uint256 amountOut)
        external
    {
        _exchange(user, tokenIn, amountIn, tokenOut, amountOut);
    }

    function test_InflowsNeverResetAUsersOwnDayCap() public {
        WithdrawMsg memory w = withdrawMsg(thief, address(usdt), TX_CAP);
        callWithdraw(w, signWithdraw(SIGNER_KEY, address(vault), w));
        w = withdrawMsg(thief, address(usdt), TX_CAP);
        callWithdraw(w, signWithdraw(SIGNER_KEY, address(vault), w));
        w = withdrawMsg(thief, address(usdt), TX_CAP);
        callWithdraw(w, signWithdraw(SIGNER_KEY, address(vault), w));
        assertEq(vault.userPaidToday(thief, address(usdt)), USER_CAP, "its own cap is used up");
        // A deposit, a funding and an exchange input of the same token, all by the user.
        DiveInMsg memory d = diveInMsg(thief, address(usdt), 300_000e18);
        callDiveIn(d, signDiveIn(SIGNER_KEY, address(vault), d));
        vm.prank(thief);
        vault.fund(address(usdt), 1e18);
        _exchange(thief, address(usdt), 1e18, address(eusd), 1);
        assertEq(vault.userPaidToday(thief, address(eusd)), 1, "the exchange output counts for its token");
        assertEq(vault.userPaidToday(thief, address(usdt)), USER_CAP, "no inflow gave any allowance back");
        w = withdrawMsg(thief, address(usdt), 1);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), w);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverUserDayCap.selector, 1, 0));
        callWithdraw(w, sig);
    }

    function test_AStolenKeyTakesAtMostTheNetCapPlusTheDaysInflows() public {
        usdt.approve(address(vault), 1_000_000e18);
        vault.fund(address(usdt), 1_000_000e18);
        // Yesterday's deposit and funding (alice's, in setUp) and today's deposit before any payout bank nothing.
        vm.warp(block.timestamp + 1 days);
        DiveInMsg memory early = diveInMsg(bob, address(usdt), 200_000e18);
        callDiveIn(early, signDiveIn(SIGNER_KEY, address(vault), early));
        uint256 taken = _drain(DAY_CAP + 1);
        assertEq(taken, DAY_CAP, "the day's net outflow stops at the cap");
        // A stranger's deposit later that day lets that much more out: the cap is net, by design (a looper's
        // own money nets out); the breaker still holds the thief to cap + what came in.
        DiveInMsg memory late = diveInMsg(bob, address(usdt), 50_000e18);
        callDiveIn(late, signDiveIn(SIGNER_KEY, address(vault), late));
        taken += _drain(DAY_CAP);
        assertEq(taken, DAY_CAP + 50_000e18, "cap + the inflows after the first payout");
    }

    /// @dev Pays the thief's Sybils (one per per-user cap) as much as the caps let through, up to `most`.
    function _drain(uint256 most) private returns (uint256 taken) {
        for (uint256 k = 0; taken < most; k++) {
            address sybil = address(uint160(0x5B1000 + k + 100 * (block.timestamp / 1 days)));
            (,, uint256 dayCap, uint256 paid,,) = vault.tokenInfo(address(usdt));
            uint256 left = dayCap > paid ? dayCap - paid : 0;
            if (left == 0) return taken;
            uint256 amount = left < TX_CAP ? left : TX_CAP;
            if (amount > most - taken) amount = most - taken;
            WithdrawMsg memory w = withdrawMsg(sybil, address(usdt), amount);
            callWithdraw(w, signWithdraw(SIGNER_KEY, address(vault), w));
            taken += amount;
        }
    }

    function test_AMaliciousAllowedTokenCannotReenterAnExchangeOrAFunding() public {
        ReentrantToken evil = new ReentrantToken(1_000_000e18, address(this));
        vault.setToken(address(evil), true, TX_CAP, DAY_CAP, USER_CAP);
        evil.approve(address(vault), type(uint256).max);
        vault.fund(address(evil), RESERVE);
        require(evil.transfer(thief, 100_000e18), "give");
        vm.prank(thief);
        evil.approve(address(vault), type(uint256).max);
        // From inside the input's pull: the thief's next withdrawal voucher, a funding, a second exchange.
        WithdrawMsg memory w = withdrawMsg(thief, address(usdt), 10e18);
        Sig memory ws = signWithdraw(SIGNER_KEY, address(vault), w);
        ExchangeMsg memory x = exchangeMsg(thief, address(evil), 10e18, address(usdt), 10e18);
        Sig memory xs = signExchange(SIGNER_KEY, address(vault), x);
        ExchangeMsg memory x2 = ExchangeMsg(thief, address(evil), 10e18, address(usdt), 10e18, 1, x.deadline);
        Sig memory x2s = signExchange(SIGNER_KEY, address(vault), x2);
        bytes[3] memory reentries = [
            abi.encodeCall(EternoVault.withdraw, (address(usdt), 10e18, w.deadline, ws.r, ws.s, ws.v)),
            abi.encodeCall(EternoVault.fund, (address(evil), 1e18)),
            abi.encodeCall(
                EternoVault.pureTransfer, (10e18, 10e18, address(evil), address(usdt), x.deadline, x2s.r, x2s.s, x2s.v)
            )
        ];
        uint256 vaultUsdt = usdt.balanceOf(address(vault));
        for (uint256 i = 0; i < reentries.length; i++) {
            evil.arm(address(vault), reentries[i]);
            vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
            callExchange(x, xs);
            vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
            this.fundAs(thief, address(evil), 1e18);
        }
        // The output side: the vault pays out `evil`, whose transfer tries to fund back in (lowering the net
        // outflow it just counted) — refused too.
        evil.arm(address(vault), abi.encodeCall(EternoVault.fund, (address(evil), 1e18)));
        ExchangeMsg memory y = exchangeMsg(thief, address(usdt), 10e18, address(evil), 10e18);
        Sig memory ys = signExchange(SIGNER_KEY, address(vault), y);
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        callExchange(y, ys);
        assertEq(usdt.balanceOf(address(vault)), vaultUsdt, "nothing moved");
        assertEq(vault.nonces(thief, 1) + vault.nonces(thief, 2), 0, "no nonce used");
    }

    /// @dev External so that a revert can be expected around a pranked call.
    function fundAs(address from, address token, uint256 amount) external {
        vm.prank(from);
        vault.fund(token, amount);
    }
}
