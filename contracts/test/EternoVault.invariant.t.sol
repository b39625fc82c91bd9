// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoVaultHandler} from "./handlers/EternoVaultHandler.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";
import {VaultFixture} from "./utils/VaultFixture.sol";

/// @notice Invariants of the vault under random deposits, withdrawals, exchanges, fundings, replays,
///         expired and retired-signer vouchers, the owner's actions (caps lowered at once, cap proposals,
///         pause and unpause) and time: a voucher pays at most once, payouts stay within the signed amounts
///         and the caps (net outflow per day vault-wide, payouts per user and day), exchanges never pay out
///         more than was funded or came in through exchanges, caps rise only after the delay, a pause holds
///         withdrawals at most its maximum, the vault's balance accounts for every movement, and each nonce
///         counts exactly the accepted calls of its kind.
contract EternoVaultInvariantTest is VaultFixture, InvariantTest {
    EternoVaultHandler private handler;
    mapping(address token => uint256 amount) private initial;
    mapping(address token => uint256 amount) private initialBudget;

    function setUp() public {
        deployVault();
        IERC20[] memory list = new IERC20[](3);
        list[0] = usdt;
        list[1] = eusd;
        list[2] = feeToken;
        address[] memory people = new address[](3);
        people[0] = alice;
        people[1] = bob;
        people[2] = address(0xCA401);
        uint256[] memory budgets = new uint256[](list.length);
        for (uint256 i = 0; i < list.length; i++) {
            (,,,,, budgets[i]) = vault.tokenInfo(address(list[i]));
        }
        handler = new EternoVaultHandler(vault, list, people, SIGNER_KEY, budgets);
        for (uint256 i = 0; i < list.length; i++) {
            initial[address(list[i])] = list[i].balanceOf(address(vault));
            initialBudget[address(list[i])] = budgets[i];
            require(list[i].transfer(people[2], 1_000_000e18), "give");
            require(list[i].transfer(handler.funder(), 10_000_000e18), "give funder");
            vm.prank(people[2]);
            list[i].approve(address(vault), type(uint256).max);
        }
        vault.transferOwnership(address(handler));
        vm.prank(address(handler));
        vault.acceptOwnership();

        bytes4[] memory selectors = new bytes4[](16);
        selectors[0] = EternoVaultHandler.deposit.selector;
        selectors[1] = EternoVaultHandler.withdraw.selector;
        selectors[2] = EternoVaultHandler.exchange.selector;
        selectors[3] = EternoVaultHandler.fund.selector;
        selectors[4] = EternoVaultHandler.replayLastVoucher.selector;
        selectors[5] = EternoVaultHandler.expiredVoucher.selector;
        selectors[6] = EternoVaultHandler.retiredSignerVoucher.selector;
        selectors[7] = EternoVaultHandler.setToken.selector;
        selectors[8] = EternoVaultHandler.togglePause.selector;
        selectors[9] = EternoVaultHandler.proposeSigner.selector;
        selectors[10] = EternoVaultHandler.activateSigner.selector;
        selectors[11] = EternoVaultHandler.cancelSignerProposal.selector;
        selectors[12] = EternoVaultHandler.warp.selector;
        selectors[13] = EternoVaultHandler.proposeTokenCaps.selector;
        selectors[14] = EternoVaultHandler.activateTokenCaps.selector;
        selectors[15] = EternoVaultHandler.cancelTokenCaps.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    function invariant_AVoucherPaysAtMostOnce() public view {
        assertEq(handler.ghostReplaysPaid(), 0, "a used voucher paid again");
        assertEq(handler.ghostExpiredPaid(), 0, "an expired voucher paid");
        assertEq(handler.ghostRetiredPaid(), 0, "a retired signer's voucher paid");
    }

    function invariant_PaidOutIsAtMostSigned() public view {
        assertLe(handler.ghostPaidWithdraw(), handler.ghostSignedWithdraw(), "paid out <= signed");
    }

    function invariant_PayoutsStayWithinTheCaps() public view {
        assertEq(handler.ghostCapBreaches(), 0, "a payout above a cap");
        for (uint256 i = 0; i < handler.tokenCount(); i++) {
            address token = address(handler.tokens(i));
            (,,, uint256 paidToday,,) = vault.tokenInfo(token);
            assertEq(paidToday, handler.modelPaidToday(token), "net outflow today == the model's");
            for (uint256 j = 0; j < handler.userCount(); j++) {
                address user = handler.users(j);
                assertEq(
                    vault.userPaidToday(user, token), handler.modelUserPaidToday(user, token), "user's day == model"
                );
            }
        }
    }

    function invariant_ExchangesPayOnlyWhatWasFundedOrExchangedIn() public view {
        for (uint256 i = 0; i < handler.tokenCount(); i++) {
            address token = address(handler.tokens(i));
            (,,,,, uint256 budget) = vault.tokenInfo(token);
            assertEq(budget, handler.modelBudget(token), "budget == the model's");
            assertLe(
                handler.ghostExchangedOut(token),
                initialBudget[token] + handler.ghostFunded(token) + handler.ghostExchangedIn(token),
                "exchange outputs <= funded + exchange inputs"
            );
            assertEq(
                budget,
                initialBudget[token] + handler.ghostFunded(token) + handler.ghostExchangedIn(token)
                    - handler.ghostExchangedOut(token),
                "budget == funded + exchange inputs - exchange outputs"
            );
        }
    }

    function invariant_OwnerPowersWaitOrAreBounded() public view {
        assertEq(handler.ghostEarlyRaises(), 0, "a cap rose without a proposal the signer delay old");
        assertEq(handler.ghostOverlongHolds(), 0, "a pause held withdrawals longer than its maximum");
        (bool paused,, uint256 reopenAt,) = vault.pauseState();
        assertEq(paused, handler.modelPaused(), "paused == the model's");
        assertEq(reopenAt, handler.modelFrozenUntil(), "withdrawals' reopening == the model's");
        assertLe(reopenAt, handler.lastPauseStart() + vault.MAX_PAUSE(), "held at most MAX_PAUSE after the start");
    }

    function invariant_TheVaultBalanceAccountsForEveryMovement() public view {
        for (uint256 i = 0; i < handler.tokenCount(); i++) {
            address token = address(handler.tokens(i));
            assertEq(
                IERC20(token).balanceOf(address(vault)),
                initial[token] + handler.ghostDeposited(token) + handler.ghostFunded(token)
                    + handler.ghostExchangedIn(token) - handler.ghostPaidOut(token),
                "balance == deposits + funded + exchange inputs - payouts"
            );
        }
    }

    function invariant_NoncesCountTheAcceptedCalls() public view {
        for (uint256 i = 0; i < handler.userCount(); i++) {
            address user = handler.users(i);
            for (uint8 kind = 0; kind < 3; kind++) {
                assertEq(vault.nonces(user, kind), handler.ghostAccepted(user, kind), "nonce == accepted calls");
            }
        }
    }

    function invariant_TheSignerIsTheHandlersCurrentKey() public view {
        assertEq(vault.signer(), vm.addr(handler.signerKey()), "signer");
    }
}
