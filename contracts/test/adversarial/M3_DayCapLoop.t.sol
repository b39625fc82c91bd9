// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoVault} from "../../src/EternoVault.sol";
import {VaultFixture} from "../utils/VaultFixture.sol";

/// @notice Security review 2026-11, M-3 (MEDIUM), "Vault: free exhaustion of the vault-wide daily payout cap
///         (withdrawal DoS)": "Anyone exhausts a token's vault-wide per-day payout cap for free (top-up →
///         withdraw loop, 100k per cycle), so every other user's withdrawal is refused OVER_DAY_CAP for the
///         rest of the UTC day". On chain now: the vault-wide cap counts NET outflow (a deposit lowers it,
///         floor 0) and each receiver has a day cap of its own. The review's loop (ten 100,000 USDT cycles)
///         ends at the looper's own cap after two cycles, leaves the vault-wide figure at 0, and a
///         stranger's withdrawal then pays.
contract M3DayCapLoopTest is VaultFixture {
    address private griefer = address(0x6A1EF);
    address private victim = address(0x71C71);

    function setUp() public {
        deployVault();
        require(usdt.transfer(griefer, 100_000e18), "give");
        vm.prank(griefer);
        usdt.approve(address(vault), type(uint256).max);
        vault.setToken(address(usdt), true, TX_CAP, DAY_CAP, 200_000e18);
    }

    function test_TheLoopCostsTheLooperItsOwnAllowanceAndTheStrangerIsPaid() public {
        uint256 start = usdt.balanceOf(griefer);
        uint256 cycles = 0;
        uint256 refused = 0;
        for (uint256 i = 0; i < 10; i++) {
            DiveInMsg memory d = diveInMsg(griefer, address(usdt), 100_000e18);
            callDiveIn(d, signDiveIn(SIGNER_KEY, address(vault), d));
            WithdrawMsg memory w = withdrawMsg(griefer, address(usdt), 100_000e18);
            Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), w);
            vm.prank(griefer);
            try vault.withdraw(w.token, w.amount, w.deadline, sig.r, sig.s, sig.v) {
                ++cycles;
            } catch (bytes memory reason) {
                assertEq(
                    reason,
                    abi.encodeWithSelector(EternoVault.OverUserDayCap.selector, 100_000e18, 0),
                    "refused by the looper's own cap"
                );
                ++refused;
                break;
            }
        }
        assertEq(cycles, 2, "two cycles, then the looper's allowance is used up");
        assertEq(refused, 1, "the third withdrawal is refused");
        (,, uint256 dayCap, uint256 paidToday,,) = vault.tokenInfo(address(usdt));
        assertEq(paidToday, 0, "the loop netted to nothing vault-wide");
        assertEq(dayCap, DAY_CAP, "the breaker is still there");
        // The looper's last deposit stays in the vault (withdrawable tomorrow); it lost nothing else.
        assertEq(start - usdt.balanceOf(griefer), 100_000e18, "the looper's own money waits for tomorrow");

        // A stranger's withdrawal pays.
        WithdrawMsg memory v = withdrawMsg(victim, address(usdt), 500e18);
        callWithdraw(v, signWithdraw(SIGNER_KEY, address(vault), v));
        assertEq(usdt.balanceOf(victim), 500e18, "the stranger is paid");
    }

    function test_ManyLoopersTogetherStillLeaveTheVaultWideCapUntouched() public {
        // Sybils each loop their own allowance: every deposit offsets its withdrawal vault-wide.
        for (uint256 k = 0; k < 10; k++) {
            address sybil = address(uint160(0x5B000 + k));
            require(usdt.transfer(sybil, 100_000e18), "give");
            vm.prank(sybil);
            usdt.approve(address(vault), type(uint256).max);
            for (uint256 i = 0; i < 2; i++) {
                DiveInMsg memory d = diveInMsg(sybil, address(usdt), 100_000e18);
                callDiveIn(d, signDiveIn(SIGNER_KEY, address(vault), d));
                WithdrawMsg memory w = withdrawMsg(sybil, address(usdt), 100_000e18);
                callWithdraw(w, signWithdraw(SIGNER_KEY, address(vault), w));
            }
        }
        (,,, uint256 paidToday,,) = vault.tokenInfo(address(usdt));
        // 2,000,000 USDT looped; the count never banks a deposit made before a payout (floor 0), so what
        // is left is the last cycle's withdrawal at most, never the sum of the loops.
        assertLe(paidToday, 100_000e18, "the loops do not add up");
        WithdrawMsg memory v = withdrawMsg(victim, address(usdt), 100_000e18);
        callWithdraw(v, signWithdraw(SIGNER_KEY, address(vault), v));
        assertEq(usdt.balanceOf(victim), 100_000e18, "the stranger is paid");
    }
}
